-- A live picker in two floating windows: a one-line prompt ("Søk: …") and the list of places
-- under it, refreshed as the user types. The server debounces the requests (`debounceMs`); this
-- side only drops answers that an edit has already outdated.
--
-- Keys in the prompt: <CR> opens the selected place, <C-n>/<C-p> (or <Down>/<Up>, <Tab>/<S-Tab>)
-- move the selection, <C-f> makes it a favourite or not, <C-c> (or <Esc> then q) closes.

local format = require('beacon.format')

local M = {}

local api = vim.api

local Picker = {}
Picker.__index = Picker

--- Opens a picker.
--- opts: prompt (e.g. "Søk (Kafé): "), text (initial query), fetch(text, is_edit, done) where
---       done(result) gets {places, message?, attribution?} or nil on error,
---       on_choose(place), on_toggle_favorite(place, done).
function M.open(opts)
  local self = setmetatable({ opts = opts, places = {}, selected = 1, generation = 0 }, Picker)
  local columns, lines = vim.o.columns, vim.o.lines
  local width = math.max(40, math.min(110, columns - 4))
  local height = math.max(5, math.min(20, lines - 8))
  local col = math.floor((columns - width) / 2)
  local row = math.max(0, math.floor((lines - height - 4) / 2))

  self.list_buf = api.nvim_create_buf(false, true)
  self.list_win = api.nvim_open_win(self.list_buf, false, {
    relative = 'editor',
    row = row + 3,
    col = col,
    width = width,
    height = height,
    style = 'minimal',
    border = 'rounded',
  })
  vim.wo[self.list_win].cursorline = true
  vim.wo[self.list_win].wrap = false
  vim.bo[self.list_buf].filetype = 'beaconlist'

  self.prompt_buf = api.nvim_create_buf(false, true)
  vim.bo[self.prompt_buf].buftype = 'prompt'
  vim.bo[self.prompt_buf].bufhidden = 'wipe'
  vim.fn.prompt_setprompt(self.prompt_buf, opts.prompt)
  api.nvim_buf_set_lines(self.prompt_buf, 0, -1, false, { opts.prompt .. (opts.text or '') })
  self.prompt_win = api.nvim_open_win(self.prompt_buf, true, {
    relative = 'editor',
    row = row,
    col = col,
    width = width,
    height = 1,
    style = 'minimal',
    border = 'rounded',
  })
  self:_map_keys()

  -- Every edit of the prompt line, typed or made through the API, asks for new results.
  api.nvim_buf_attach(self.prompt_buf, false, {
    on_lines = function()
      if self.closed then
        return true
      end
      vim.schedule(function()
        self:refresh(true)
      end)
    end,
  })
  api.nvim_create_autocmd('WinLeave', {
    buffer = self.prompt_buf,
    once = true,
    callback = function()
      vim.schedule(function()
        self:close()
      end)
    end,
  })

  self:refresh(false)
  vim.cmd('startinsert!')
  M.current = self
  return self
end

--- The query: the prompt line without its prompt.
function Picker:text()
  local line = api.nvim_buf_get_lines(self.prompt_buf, -2, -1, false)[1] or ''
  if line:sub(1, #self.opts.prompt) == self.opts.prompt then
    line = line:sub(#self.opts.prompt + 1)
  end
  return line
end

--- Asks for the results of the current query, unless they are already shown.
function Picker:refresh(is_edit, force)
  if self.closed then
    return
  end
  local text = self:text()
  if text == self.shown_text and not force then
    return
  end
  self.shown_text = text
  self.generation = self.generation + 1
  local generation = self.generation
  self.opts.fetch(text, is_edit, function(result)
    if result and generation == self.generation and not self.closed then
      self:render(result)
    end
  end)
end

function Picker:render(result)
  self.places = result.places or {}
  self.selected = math.min(math.max(self.selected, 1), math.max(#self.places, 1))
  local lines = format.place_lines(self.places)
  local width = api.nvim_win_is_valid(self.list_win) and api.nvim_win_get_width(self.list_win) or 80
  if #self.places == 0 then
    lines = format.wrap(format.present(result.message) and result.message or 'Ingen treff', width)
  elseif format.present(result.message) then
    table.insert(lines, '')
    vim.list_extend(lines, format.wrap(result.message, width))
  end
  if format.present(result.attribution) then
    vim.list_extend(lines, { '', result.attribution })
  end
  vim.bo[self.list_buf].modifiable = true
  api.nvim_buf_set_lines(self.list_buf, 0, -1, false, lines)
  vim.bo[self.list_buf].modifiable = false
  self:select(self.selected)
  self.rendered = (self.rendered or 0) + 1
end

--- The lines shown in the list, as the user sees them.
function Picker:lines()
  return api.nvim_buf_get_lines(self.list_buf, 0, -1, false)
end

function Picker:select(index)
  if #self.places == 0 then
    return
  end
  self.selected = ((index - 1) % #self.places) + 1
  if api.nvim_win_is_valid(self.list_win) then
    api.nvim_win_set_cursor(self.list_win, { self.selected, 0 })
  end
end

function Picker:selection()
  return self.places[self.selected]
end

function Picker:choose()
  local place = self:selection()
  self:close()
  if place then
    self.opts.on_choose(place)
  end
end

function Picker:toggle_favorite()
  local place = self:selection()
  if place and self.opts.on_toggle_favorite then
    self.opts.on_toggle_favorite(place, function()
      self:refresh(false, true)
    end)
  end
end

function Picker:close()
  if self.closed then
    return
  end
  self.closed = true
  for _, win in ipairs({ self.prompt_win, self.list_win }) do
    if api.nvim_win_is_valid(win) then
      api.nvim_win_close(win, true)
    end
  end
  if api.nvim_buf_is_valid(self.list_buf) then
    api.nvim_buf_delete(self.list_buf, { force = true })
  end
  vim.cmd('stopinsert')
  if M.current == self then
    M.current = nil
  end
end

function Picker:_map_keys()
  local function map(modes, lhs, fn)
    vim.keymap.set(modes, lhs, fn, { buffer = self.prompt_buf, nowait = true })
  end
  local function move(delta)
    return function()
      self:select(self.selected + delta)
    end
  end
  map({ 'i', 'n' }, '<CR>', function()
    self:choose()
  end)
  for _, lhs in ipairs({ '<C-n>', '<Down>', '<Tab>' }) do
    map({ 'i', 'n' }, lhs, move(1))
  end
  for _, lhs in ipairs({ '<C-p>', '<Up>', '<S-Tab>' }) do
    map({ 'i', 'n' }, lhs, move(-1))
  end
  map({ 'i', 'n' }, '<C-f>', function()
    self:toggle_favorite()
  end)
  map({ 'i', 'n' }, '<C-c>', function()
    self:close()
  end)
  map('n', '<Esc>', function()
    self:close()
  end)
  map('n', 'q', function()
    self:close()
  end)
end

return M
