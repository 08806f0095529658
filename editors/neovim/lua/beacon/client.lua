-- A JSON-RPC 2.0 client for `beacon serve`, framed like a language server:
-- every message is `Content-Length: N\r\n\r\n` followed by N bytes of UTF-8 JSON.
--
-- Built on vim.loop (libuv) only, so it runs on Neovim 0.7 (Debian bookworm), which has no
-- vim.system. The server is started lazily by the first request, restarted once if it dies, and
-- stopped with `shutdown` + `exit`.

local uv = vim.loop

local M = {}

local Client = {}
Client.__index = Client

-- Codes this client uses for failures that never reached the server (JSON-RPC's range for
-- implementation-defined server errors; Beacon itself never sends them).
M.SERVER_DIED = -32098
M.NOT_STARTED = -32099

local function is_present(value)
  return value ~= nil and value ~= vim.NIL
end

--- Splits complete frames off `buffer`; returns the bodies and the rest of the buffer.
--- Header names are case-insensitive and bare `\n` line ends are tolerated, as the server does.
function M.parse_frames(buffer)
  local bodies = {}
  while true do
    local header_end, body_start = buffer:find('\r?\n\r?\n')
    if not header_end then
      break
    end
    local header = buffer:sub(1, header_end - 1)
    local length = tonumber(header:lower():match('content%-length:%s*(%d+)'))
    if not length then
      -- Not a frame: drop the junk up to the blank line and resynchronise on the next header.
      buffer = buffer:sub(body_start + 1)
    else
      if #buffer - body_start < length then
        break
      end
      table.insert(bodies, buffer:sub(body_start + 1, body_start + length))
      buffer = buffer:sub(body_start + length + 1)
    end
  end
  return bodies, buffer
end

--- One message as a frame; `#` counts bytes, which is what Content-Length means.
function M.encode_frame(message)
  local body = vim.json.encode(message)
  return ('Content-Length: %d\r\n\r\n%s'):format(#body, body)
end

--- A new client; nothing is started until the first request.
--- opts: binary (path or name on PATH), args (default {'serve'}), init_params (initialize's params),
---       on_notification(method, params), restarts (how often to restart a dead server, default 1).
function M.new(opts)
  return setmetatable({
    opts = opts,
    state = 'stopped', -- stopped | starting | running | stopping
    next_id = 1,
    pending = {}, -- id -> callback(err, result)
    queue = {}, -- messages written once `initialize` has answered
    buffer = '',
    deaths = 0,
    restarts = opts.restarts or 1,
    stderr_tail = {},
  }, Client)
end

function Client:_fail_all(err)
  local pending = self.pending
  self.pending, self.queue = {}, {}
  for _, callback in pairs(pending) do
    callback(err, nil)
  end
end

function Client:_write(message)
  if self.stdin and not self.stdin:is_closing() then
    self.stdin:write(M.encode_frame(message))
  end
end

function Client:_dispatch(body)
  local ok, message = pcall(vim.json.decode, body)
  if not ok or type(message) ~= 'table' then
    return
  end
  if is_present(message.id) and (message.result ~= nil or message.error ~= nil) then
    local callback = self.pending[message.id]
    self.pending[message.id] = nil
    if callback then
      if is_present(message.error) then
        callback(message.error, nil)
      else
        callback(nil, message.result)
      end
    end
  elseif message.method and self.opts.on_notification then
    self.opts.on_notification(message.method, message.params)
  end
end

function Client:_on_exit(code, signal)
  local expected = self.state == 'stopping'
  self.state, self.exit_code, self.exit_signal = 'stopped', code, signal
  self.handle, self.stdin, self.pid = nil, nil, nil
  if not expected then
    self.deaths = self.deaths + 1
  end
  local message = expected and 'Beacon ble stoppet'
    or ('Beacon stoppet uventet (kode %d%s)'):format(code, signal ~= 0 and (', signal ' .. signal) or '')
  self:_fail_all({ code = M.SERVER_DIED, message = message, data = { kind = 'serverExited' } })
end

--- Starts `beacon serve` and sends `initialize`; requests made meanwhile wait in a queue.
--- Returns nil and an error object when the program cannot be started.
function Client:start()
  if self.state ~= 'stopped' then
    return true
  end
  local stdin, stdout, stderr = uv.new_pipe(false), uv.new_pipe(false), uv.new_pipe(false)
  local handle, pid_or_err
  handle, pid_or_err = uv.spawn(self.opts.binary, {
    args = self.opts.args or { 'serve' },
    stdio = { stdin, stdout, stderr },
  }, function(code, signal)
    handle:close()
    stdout:close()
    stderr:close()
    if not stdin:is_closing() then
      stdin:close()
    end
    vim.schedule(function()
      self:_on_exit(code, signal)
    end)
  end)
  if not handle then
    for _, pipe in ipairs({ stdin, stdout, stderr }) do
      pipe:close()
    end
    return nil,
      {
        code = M.NOT_STARTED,
        message = ("Kunne ikke starte Beacon ('%s'): %s. %s"):format(
          self.opts.binary,
          tostring(pid_or_err),
          'Sett stien med g:beacon_binary eller setup({ binary = … }).'
        ),
        data = { kind = 'spawnFailed' },
      }
  end
  self.handle, self.pid, self.stdin, self.buffer = handle, pid_or_err, stdin, ''
  self.state = 'starting'

  -- libuv calls these in a "fast" context where most of the API is off limits: only split frames
  -- here and handle them on the main loop.
  stdout:read_start(function(_, chunk)
    if not chunk then
      return
    end
    local bodies
    bodies, self.buffer = M.parse_frames(self.buffer .. chunk)
    if #bodies > 0 then
      vim.schedule(function()
        for _, body in ipairs(bodies) do
          self:_dispatch(body)
        end
      end)
    end
  end)
  stderr:read_start(function(_, chunk)
    if chunk then
      table.insert(self.stderr_tail, chunk)
      if #self.stderr_tail > 20 then
        table.remove(self.stderr_tail, 1)
      end
    end
  end)

  local id = self.next_id
  self.next_id = id + 1
  self.pending[id] = function(err, result)
    if err then
      -- e.g. the store cannot be opened: report it to every waiting request and let the server go
      -- (end of stdin ends it); the next request tries again.
      self:_fail_all(err)
      self.state = 'stopping'
      self.stdin:close()
      return
    end
    self.server_info = result
    self.state = 'running'
    local queue = self.queue
    self.queue = {}
    for _, message in ipairs(queue) do
      self:_write(message)
    end
  end
  self:_write({ jsonrpc = '2.0', id = id, method = 'initialize', params = self.opts.init_params or vim.empty_dict() })
  return true
end

--- Sends a request; `callback(err, result)` runs on the main loop. `err` is the JSON-RPC error
--- object ({code, message, data}). Returns the request id (for `cancel`), or nil when the request
--- failed at once (the callback has then been called).
function Client:request(method, params, callback)
  if self.state == 'stopped' then
    if self.deaths > self.restarts then
      callback({
        code = M.SERVER_DIED,
        message = 'Beacon har stoppet og startes ikke på nytt. Se :checkhealth beacon.',
        data = { kind = 'serverExited' },
      }, nil)
      return nil
    end
    local ok, err = self:start()
    if not ok then
      callback(err, nil)
      return nil
    end
  elseif self.state == 'stopping' then
    callback({ code = M.SERVER_DIED, message = 'Beacon avslutter', data = { kind = 'shuttingDown' } }, nil)
    return nil
  end
  local id = self.next_id
  self.next_id = id + 1
  self.pending[id] = callback
  local message = { jsonrpc = '2.0', id = id, method = method, params = params }
  if self.state == 'running' then
    self:_write(message)
  else
    table.insert(self.queue, message)
  end
  return id
end

--- Sends a notification (no answer).
function Client:notify(method, params)
  local message = { jsonrpc = '2.0', method = method, params = params }
  if self.state == 'running' then
    self:_write(message)
  elseif self.state == 'starting' then
    table.insert(self.queue, message)
  end
end

--- Asks the server to cancel a request; it then answers with -32800.
function Client:cancel(id)
  if id and self.pending[id] then
    self:notify('$/cancelRequest', { id = id })
  end
end

--- Waits for the answer (for tests and for shutting down): returns err, result.
function Client:request_sync(method, params, timeout_ms)
  local done, err, result = false, nil, nil
  self:request(method, params, function(e, r)
    done, err, result = true, e, r
  end)
  if not vim.wait(timeout_ms or 10000, function()
    return done
  end, 10) then
    return { code = -32800, message = 'Beacon svarte ikke i tide', data = { kind = 'timeout' } }, nil
  end
  return err, result
end

--- `shutdown`, then `exit`, waiting at most `timeout_ms` in all; kills the process if it lingers.
function Client:stop(timeout_ms)
  timeout_ms = timeout_ms or 2000
  if self.state == 'stopped' then
    return
  end
  if self.state == 'running' then
    self:request_sync('shutdown', nil, timeout_ms)
  end
  self.state = 'stopping'
  self:_write({ jsonrpc = '2.0', method = 'exit' })
  local handle = self.handle
  if self.stdin and not self.stdin:is_closing() then
    self.stdin:close()
  end
  if not vim.wait(timeout_ms, function()
    return self.state == 'stopped'
  end, 10) and handle and not handle:is_closing() then
    handle:kill('sigterm')
  end
end

function Client:is_running()
  return self.state == 'running' or self.state == 'starting'
end

return M
