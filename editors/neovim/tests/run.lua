-- Headless tests of the Neovim plugin against the real `beacon` binary in offline demo mode:
--
--   BEACON_BINARY=/path/to/beacon BEACON_STORE=$(mktemp -u) \
--     nvim --headless -u NONE -i NONE -n -c 'luafile editors/neovim/tests/run.lua'
--
-- They drive the plugin through its commands and keys and read what a user would see: the lines
-- of the result list, the detail window and the notifications. Expected names, distances and
-- messages come from the server's own answers, asked for separately. Exits 0 when all pass.

local root = vim.fn.fnamemodify(debug.getinfo(1, 'S').source:sub(2), ':p:h:h')
vim.opt.runtimepath:prepend(root)
vim.o.columns, vim.o.lines = 160, 50
vim.cmd('runtime plugin/beacon.lua')

local beacon = require('beacon')
local client_mod = require('beacon.client')
local picker = require('beacon.picker')
local format = require('beacon.format')

local function out(line)
  io.stdout:write(line .. '\n')
end

-- Every notification the plugin shows, in order.
local notes = {}
vim.notify = function(message, level)
  table.insert(notes, { message = message, level = level })
end

local function errors_shown()
  return vim.tbl_filter(function(note)
    return note.level == vim.log.levels.ERROR
  end, notes)
end

local function wait_for(what, condition, timeout_ms)
  if not vim.wait(timeout_ms or 10000, condition, 10) then
    error('timed out waiting for ' .. what, 2)
  end
end

local function check(condition, message)
  if not condition then
    error(message, 2)
  end
end

local function contains(haystack, needle)
  return haystack:find(needle, 1, true) ~= nil
end

local function press(keys)
  vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes(keys, true, false, true), 'x', false)
end

--- Asks the server directly (not through the UI), for the expected values.
local function server(method, params)
  local err, result = beacon.client():request_sync(method, params)
  check(not err, method .. ' failed: ' .. vim.inspect(err))
  return result
end

--- The distance as the list must show it, written here independently of the plugin.
local function shown_distance(meters)
  if meters < 1000 then
    return meters .. ' m'
  end
  return (('%.1f km'):format(meters / 1000):gsub('%.', ',', 1))
end

local tests = {}
local function test(name, fn)
  table.insert(tests, { name = name, fn = fn })
end

local search_center, cafe -- shared between the steps, which run in order

test('frames are split and joined byte-exactly', function()
  local frame = client_mod.encode_frame({ text = 'æøå' })
  check(contains(frame, 'Content-Length: 17\r\n\r\n'), 'Content-Length counts bytes: ' .. frame)
  local bodies, rest = client_mod.parse_frames(frame:sub(1, 25))
  check(#bodies == 0 and rest == frame:sub(1, 25), 'a partial frame waits')
  bodies, rest = client_mod.parse_frames(rest .. frame:sub(26) .. 'Content-Length: 2\r\n\r\n{}')
  check(#bodies == 2 and bodies[1] == '{"text":"æøå"}' and bodies[2] == '{}' and rest == '', vim.inspect(bodies))
end)

test('opening status reads like the CLI: "Åpen nå – stenger 22:00", "Stengt – åpner 27.03. 11:00"', function()
  local today = os.date('%Y-%m-%d')
  check(format.opening_status({ openNow = true, closesAt = today .. 'T22:00:00+02:00' }) == 'Åpen nå – stenger 22:00',
    'open until today')
  local other = today == '2026-03-27' and '11:00' or '27.03. 11:00'
  check(format.opening_status({ openNow = false, opensAt = '2026-03-27T11:00:00+02:00' }) == 'Stengt – åpner ' .. other,
    'closed until another day')
  check(format.opening_status({ openNow = true }) == 'Åpen nå', 'open, end unknown')
  check(format.opening_status({ openNow = false }) == 'Stengt nå', 'closed, start unknown')
  check(format.opening_status({ raw = 'unknown', openNow = vim.NIL }) == nil, 'unknown says nothing')
end)

test(':checkhealth beacon reports the binary and a running server', function()
  vim.cmd('silent checkhealth beacon')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  check(contains(text, 'Programmet: ' .. vim.fn.exepath(beacon.binary())), text)
  check(contains(text, 'Serveren svarer: beacon'), text)
  check(contains(text, 'GEOAPIFY_API_KEY er ikke satt'), text)
  check(not text:find('ERROR'), text)
  vim.cmd('bwipeout!')
end)

test(':BeaconSearch category=cafe lists names, distances and ratings as the server found them', function()
  local expected = server('places/search', { category = 'cafe', limit = beacon.config.limit })
  check(#expected.places >= 3, 'the demo data has cafés')
  vim.cmd('BeaconSearch category=cafe')
  local p = picker.current
  wait_for('the result list', function()
    return p.rendered
  end)
  local lines = p:lines()
  for i, place in ipairs(expected.places) do
    check(contains(lines[i], place.name), ('line %d should name %s: %q'):format(i, place.name, lines[i]))
    check(
      lines[i]:find('%f[%d]' .. vim.pesc(shown_distance(place.distanceMeters))),
      ('line %d should show %s: %q'):format(i, shown_distance(place.distanceMeters), lines[i])
    )
  end
  check(contains(table.concat(lines, ' '), expected.message), 'the demo-mode notice is shown')
  check(contains(lines[#lines], '© OpenStreetMap contributors'), 'the attribution is shown')
  out('#   first line: ' .. lines[1])
  search_center, cafe = expected.center, expected.places[1]
end)

test('typing narrows the list live; superseded keystrokes show no error', function()
  local p = picker.current
  local word = cafe.name:sub(1, 3):lower()
  local expected = server('places/search', { category = 'cafe', text = word, limit = beacon.config.limit })
  local before = p.rendered
  for i = 1, #word do
    vim.api.nvim_buf_set_lines(p.prompt_buf, 0, -1, false, { p.opts.prompt .. word:sub(1, i) })
    vim.wait(20) -- shorter than the debounce: the server answers only the last one
  end
  wait_for('the narrowed list', function()
    return p.rendered > before and p.shown_text == word
  end)
  local lines = p:lines()
  for i, place in ipairs(expected.places) do
    check(contains(lines[i], place.name), ('line %d should name %s: %q'):format(i, place.name, lines[i]))
  end
  check(p.rendered == before + 1, ('one render for the burst, got %d'):format(p.rendered - before))
  check(#errors_shown() == 0, 'no error shown: ' .. vim.inspect(notes))
end)

test('places/search answers a superseded debounced request with -32800 "superseded"', function()
  local client = beacon.client()
  local first, second
  client:request('places/search', { text = 'a', debounceMs = 300 }, function(err)
    first = err or false
  end)
  client:request('places/search', { text = 'ab', debounceMs = 300 }, function(err)
    second = err or false
  end)
  wait_for('both answers', function()
    return first ~= nil and second ~= nil
  end)
  check(first and first.code == -32800 and first.data.reason == 'superseded', vim.inspect(first))
  check(second == false, 'the last one is answered: ' .. vim.inspect(second))
end)

test('<CR> opens the details: hours, phone, website and links', function()
  local p = picker.current
  vim.api.nvim_buf_set_lines(p.prompt_buf, 0, -1, false, { p.opts.prompt })
  wait_for('the full list', function()
    return p.shown_text == '' and p.places[1] and p.places[1].id == cafe.id
  end)
  vim.api.nvim_set_current_win(p.prompt_win)
  press('<CR>')
  wait_for('the detail window', function()
    return beacon._state.details and beacon._state.details.place
  end)
  check(p.closed, 'the picker closed')
  local expected = server('places/details', { id = cafe.id }).place
  local text = table.concat(vim.api.nvim_buf_get_lines(beacon._state.details.buf, 0, -1, false), '\n')
  check(contains(text, expected.name), text)
  for _, field in ipairs({ 'address', 'phone', 'website' }) do
    if expected[field] then
      check(contains(text, expected[field]), field .. ' missing: ' .. text)
    end
  end
  local hours = expected.openingHours
  if hours then
    check(contains(text, hours.raw), 'opening hours missing: ' .. text)
    if hours.openNow == true then
      check(contains(text, 'Åpen nå'), text)
    elseif hours.openNow == false then
      check(contains(text, 'Stengt'), text)
    else
      check(not contains(text, 'Åpent nå:'), text)
    end
  end
  check(contains(text, expected.links.appleMaps) and contains(text, expected.links.geo), text)

  local opened = {}
  local open_url = beacon.open_url
  beacon.open_url = function(url)
    table.insert(opened, url)
  end
  press('a')
  press('g')
  beacon.open_url = open_url
  check(opened[1] == expected.links.appleMaps and opened[2] == expected.links.geo, vim.inspect(opened))
end)

test(':BeaconRate 4 stores the rating and the details show it', function()
  vim.cmd('BeaconRate 4')
  wait_for('the confirmation', function()
    return #notes > 0 and contains(notes[#notes].message, 'Vurdering lagret: ★★★★☆')
  end)
  local ratings = server('rating/list', { placeId = cafe.id })
  check(ratings.summary.count == 1 and ratings.ratings[1].stars == 4, vim.inspect(ratings))
  wait_for('the updated details', function()
    local lines = vim.api.nvim_buf_get_lines(beacon._state.details.buf, 0, -1, false)
    return contains(table.concat(lines, '\n'), '★★★★☆  4,0 av 5 (1 vurdering)')
  end)
end)

test("the server's error message is shown as an error", function()
  local err = beacon.client():request_sync('rating/add', { placeId = cafe.id, stars = 9 })
  check(err and err.code == -32602 and err.message ~= '', vim.inspect(err))
  beacon.rate(cafe.id, 9)
  wait_for('the error', function()
    return #errors_shown() == 1
  end)
  check(errors_shown()[1].message == err.message, vim.inspect(notes))
  notes = {}
end)

test('f in the details makes the place a favourite', function()
  vim.api.nvim_set_current_win(beacon._state.details.win)
  press('f')
  wait_for('the confirmation', function()
    return #notes > 0 and contains(notes[#notes].message, 'lagt til i Mine steder')
  end)
  wait_for('the updated details', function()
    local lines = vim.api.nvim_buf_get_lines(beacon._state.details.buf, 0, -1, false)
    return contains(table.concat(lines, '\n'), '♥ ja')
  end)
  press('q')
  check(beacon._state.details == nil, 'q closes the details')
end)

test(':BeaconFavorites lists Mine steder with ♥, distance and rating', function()
  local expected = server('favorites/list', { center = search_center })
  check(#expected.places == 1 and expected.places[1].id == cafe.id, vim.inspect(expected))
  vim.cmd('BeaconFavorites')
  local p = picker.current
  wait_for('the favourites', function()
    return p.rendered
  end)
  local line = p:lines()[1]
  out('#   Mine steder: ' .. line)
  check(line:sub(1, #'♥') == '♥', line)
  check(contains(line, cafe.name), line)
  check(line:find('%f[%d]' .. vim.pesc(shown_distance(expected.places[1].distanceMeters))), line)
  check(contains(line, '★ 4,0 (1)'), line)
  p:close()
end)

test('a server that dies is restarted once, then reported', function()
  local client = beacon.client()
  local first = client.pid
  vim.loop.kill(first, 'sigkill')
  wait_for('the death', function()
    return client.state == 'stopped'
  end)
  check(server('ping', nil) and client.pid ~= first, 'restarted')
  vim.loop.kill(client.pid, 'sigkill')
  wait_for('the second death', function()
    return client.state == 'stopped'
  end)
  notes = {}
  local answered
  beacon.request('ping', nil, function(result)
    answered = result
  end)
  check(answered == nil and #errors_shown() == 1, vim.inspect(notes))
  check(contains(notes[1].message, 'startes ikke på nytt'), notes[1].message)
end)

test('quitting sends shutdown and exit; the server ends with code 0', function()
  beacon._state.client = nil
  local client = beacon.client()
  check(server('ping', nil), 'a new server')
  local autocmds = vim.api.nvim_get_autocmds({ group = 'beacon', event = 'VimLeavePre' })
  check(#autocmds == 1, 'VimLeavePre shuts Beacon down')
  beacon.shutdown()
  check(client.state == 'stopped' and client.exit_code == 0, vim.inspect({ client.state, client.exit_code }))
end)

-- Run -------------------------------------------------------------------------------------------

local version = vim.version()
out(('# Neovim %d.%d.%d, beacon at %s'):format(version.major, version.minor, version.patch, beacon.binary()))
local passed, failed = 0, 0
for i, t in ipairs(tests) do
  local ok, err = xpcall(t.fn, debug.traceback)
  if ok then
    passed = passed + 1
    out(('ok %d - %s'):format(i, t.name))
  else
    failed = failed + 1
    out(('not ok %d - %s\n%s'):format(i, t.name, err))
  end
end
pcall(beacon.shutdown)
out(('neovim: %d passed, %d failed'):format(passed, failed))
vim.cmd(failed == 0 and 'qall!' or 'cquit 1')
