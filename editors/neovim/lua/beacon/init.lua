-- Beacon for Neovim: find restaurants, cafés and hotels, read their details, rate them and keep
-- favourites ("Mine steder"), through `beacon serve` running as a child process.
--
--   require('beacon').setup({ binary = '/path/to/beacon' })   -- optional
--
-- Commands (plugin/beacon.lua): :BeaconSearch, :BeaconDetails, :BeaconRate, :BeaconFavorites,
-- :BeaconToggleFavorite. The Geoapify key comes from $GEOAPIFY_API_KEY, which the server inherits;
-- it is never a setting.

local client_mod = require('beacon.client')
local format = require('beacon.format')
local picker = require('beacon.picker')

local M = {}

M.version = '0.1.0'

--- Settings; see :help beacon-config.
M.config = {
  binary = nil, -- path of `beacon`; else g:beacon_binary, $BEACON_BINARY, then `beacon` on PATH
  store = nil, -- the SQLite store; nil: the server's default (or $BEACON_STORE)
  locale = nil, -- 'nb', 'nn' or 'en'; nil: the stored setting, else Bokmål
  offline = false, -- never touch the network
  debounce_ms = 250, -- how long the server waits for more keystrokes
  limit = 20, -- results per search
}

local state = {
  client = nil,
  center = nil, -- the centre of the last search, for distances in "Mine steder"
  place = nil, -- the place last opened or selected: what :BeaconRate rates by default
  details = nil, -- the open detail window: {buf, win, place}
}
M._state = state

function M.setup(opts)
  M.config = vim.tbl_extend('force', M.config, opts or {})
  if state.client and not state.client:is_running() then
    state.client = nil -- take the new settings at the next start
  end
end

function M.binary()
  return M.config.binary or vim.g.beacon_binary or vim.env.BEACON_BINARY or 'beacon'
end

-- Messages -------------------------------------------------------------------------------------

function M.error(message)
  vim.notify(message, vim.log.levels.ERROR, { title = 'Beacon' })
end

function M.info(message)
  vim.notify(message, vim.log.levels.INFO, { title = 'Beacon' })
end

local log_levels = { vim.log.levels.ERROR, vim.log.levels.WARN, vim.log.levels.INFO, vim.log.levels.DEBUG }

-- The server ----------------------------------------------------------------------------------

function M.client()
  if not state.client then
    local options = { storePath = M.config.store, offline = M.config.offline or nil }
    state.client = client_mod.new({
      binary = M.binary(),
      init_params = {
        processId = vim.fn.getpid(), -- the server ends itself if Neovim dies
        clientInfo = { name = 'beacon.nvim', version = M.version },
        locale = M.config.locale,
        initializationOptions = next(options) and options or nil,
      },
      on_notification = function(method, params)
        if method == 'window/logMessage' then
          vim.notify(params.message, log_levels[params.type] or vim.log.levels.INFO, { title = 'Beacon' })
        end
      end,
    })
  end
  return state.client
end

--- A superseded (debounced) or cancelled request is not an error the user needs to see.
local function is_cancellation(err)
  return err.code == -32800
end

--- Calls `method`; `on_result(result)` on success. Errors are shown as Neovim shows errors (the
--- server's message is already in the user's language); `on_result` is then not called, or called
--- with nil when `always` is set.
function M.request(method, params, on_result, always)
  return M.client():request(method, params, function(err, result)
    if err then
      if not is_cancellation(err) then
        M.error(err.message)
      end
      if always then
        on_result(nil)
      end
      return
    end
    on_result(result)
  end)
end

--- Sends `shutdown` and `exit` (on VimLeavePre).
function M.shutdown()
  if state.client then
    state.client:stop(2000)
  end
end

-- Opening links ---------------------------------------------------------------------------------

--- Opens a URL (https:, geo:) with the system's handler.
function M.open_url(url)
  if vim.ui.open then -- Neovim 0.10+
    vim.ui.open(url)
    return
  end
  local opener = vim.fn.has('mac') == 1 and 'open' or 'xdg-open'
  if vim.fn.has('win32') == 1 then
    vim.fn.jobstart({ 'rundll32', 'url.dll,FileProtocolHandler', url }, { detach = true })
  elseif vim.fn.executable(opener) == 1 then
    vim.fn.jobstart({ opener, url }, { detach = true })
  else
    M.error(('Fant ikke %s for å åpne %s'):format(opener, url))
  end
end

-- Details -----------------------------------------------------------------------------------------

local function render_details(place)
  local view = state.details
  local lines, links = format.details(place)
  vim.bo[view.buf].modifiable = true
  vim.api.nvim_buf_set_lines(view.buf, 0, -1, false, lines)
  vim.bo[view.buf].modifiable = false
  view.place, view.links = place, links
  state.place = place
  for _, link in ipairs(links) do
    vim.keymap.set('n', link.key, function()
      M.open_url(link.url)
    end, { buffer = view.buf, nowait = true, desc = link.label })
  end
end

local function open_details_window(place)
  local view = state.details
  if view and vim.api.nvim_win_is_valid(view.win) then
    vim.api.nvim_set_current_win(view.win)
    render_details(place)
    return
  end
  local buf = vim.api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = 'wipe'
  vim.bo[buf].filetype = 'beacon'
  local width = math.max(40, math.min(100, vim.o.columns - 4))
  local height = math.max(10, math.min(24, vim.o.lines - 4))
  local win = vim.api.nvim_open_win(buf, true, {
    relative = 'editor',
    row = math.max(0, math.floor((vim.o.lines - height) / 2) - 1),
    col = math.floor((vim.o.columns - width) / 2),
    width = width,
    height = height,
    style = 'minimal',
    border = 'rounded',
  })
  vim.wo[win].wrap = true
  state.details = { buf = buf, win = win }
  render_details(place)
  local function map(lhs, fn)
    vim.keymap.set('n', lhs, fn, { buffer = buf, nowait = true })
  end
  map('q', function()
    vim.api.nvim_win_close(win, true)
  end)
  map('<Esc>', function()
    vim.api.nvim_win_close(win, true)
  end)
  map('r', function()
    M.rate(state.details.place.id)
  end)
  map('f', function()
    M.toggle_favorite(state.details.place)
  end)
  vim.api.nvim_create_autocmd('BufWipeout', {
    buffer = buf,
    once = true,
    callback = function()
      state.details = nil
    end,
  })
end

--- Shows a place's details (hours, phone, website, links, rating, favourite) in a float.
function M.details(id)
  id = id or (state.place and state.place.id)
  if not id then
    M.error('Ingen sted er valgt. Søk først med :BeaconSearch, eller oppgi en ID.')
    return
  end
  M.request('places/details', { id = id }, function(result)
    open_details_window(result.place)
  end)
end

--- Fetches the details again if they are open for `id` (after a rating or a new favourite).
local function refresh_details(id)
  local view = state.details
  if view and view.place and view.place.id == id and vim.api.nvim_buf_is_valid(view.buf) then
    M.request('places/details', { id = id }, function(result)
      if state.details and vim.api.nvim_buf_is_valid(state.details.buf) then
        render_details(result.place)
      end
    end)
  end
end

-- Ratings and favourites ---------------------------------------------------------------------------

--- Rates a place 1–5 stars; asks for the stars when `stars` is nil.
function M.rate(id, stars, done)
  id = id or (state.place and state.place.id)
  if not id then
    M.error('Ingen sted er valgt. Søk først med :BeaconSearch, eller oppgi en ID.')
    return
  end
  if not stars then
    vim.ui.select({ 1, 2, 3, 4, 5 }, {
      prompt = 'Vurdering:',
      format_item = function(count)
        return ('%s  %d av 5'):format(format.stars(count), count)
      end,
    }, function(choice)
      if choice then
        M.rate(id, choice, done)
      end
    end)
    return
  end
  M.request('rating/add', { placeId = id, stars = stars }, function(result)
    if result then
      M.info(
        ('Vurdering lagret: %s (snitt %s av 5, %d i alt)'):format(
          format.stars(result.rating.stars),
          format.decimal(result.summary.average),
          result.summary.count
        )
      )
      refresh_details(id)
    end
    if done then
      done(result)
    end
  end, true)
end

--- Adds a place to "Mine steder", or removes it when it already is there.
function M.toggle_favorite(place, done)
  place = place or state.place
  if not place then
    M.error('Ingen sted er valgt. Søk først med :BeaconSearch, eller oppgi en ID.')
    return
  end
  local method = place.isFavorite and 'favorites/remove' or 'favorites/add'
  M.request(method, { placeId = place.id }, function(result)
    if result then
      place.isFavorite = not place.isFavorite
      local text = place.isFavorite and '♥ %s er lagt til i Mine steder' or '%s er fjernet fra Mine steder'
      M.info(text:format(place.name))
      refresh_details(place.id)
    end
    if done then
      done(result)
    end
  end, true)
end

-- Search and favourites -------------------------------------------------------------------------------

--- Parses :BeaconSearch's words: category=, radius= (metres, or with km), sort=, favorites, and
--- free text. Category and sort take the protocol's names or their Norwegian labels.
function M.parse_search_args(words)
  local aliases = {
    kafe = 'cafe',
    ['kafé'] = 'cafe',
    hotell = 'hotel',
    avstand = 'distance',
    vurdering = 'rating',
    navn = 'name',
  }
  local params, text = {}, {}
  for _, word in ipairs(words) do
    local key, value = word:match('^(%a+)=(.+)$')
    if key == 'category' or key == 'kategori' then
      params.category = aliases[value:lower()] or value:lower()
    elseif key == 'sort' or key == 'sorter' then
      params.sort = aliases[value:lower()] or value:lower()
    elseif key == 'radius' then
      local number, unit = value:gsub(',', '.'):match('^([%d.]+)%s*(%a*)$')
      number = tonumber(number)
      params.radiusMeters = number and math.floor((unit:lower() == 'km' and number * 1000 or number) + 0.5)
        or value
    elseif word == 'favorites' or word == 'favoritter' then
      params.scope = 'favorites'
    else
      table.insert(text, word)
    end
  end
  return params, table.concat(text, ' ')
end

--- Opens the live picker over `places/search` with `params` (category, radiusMeters, sort, scope).
function M.search(params, text)
  params = params or {}
  local label = params.category and format.category_label(params.category) or 'steder'
  return picker.open({
    prompt = ('Søk (%s): '):format(label),
    text = text,
    fetch = function(query, is_edit, done)
      local request = vim.tbl_extend('force', params, { limit = M.config.limit })
      if query ~= '' then
        request.text = query
      end
      if is_edit then
        request.debounceMs = M.config.debounce_ms -- the server answers only the last keystroke
      end
      M.request('places/search', request, function(result)
        if result then
          state.center = result.center
        end
        done(result)
      end, true)
    end,
    on_choose = function(place)
      state.place = place
      M.details(place.id)
    end,
    on_toggle_favorite = M.toggle_favorite,
  })
end

--- :BeaconSearch [category=…] [radius=…] [sort=…] [favorites] [text]; asks for the category when
--- given nothing.
function M.search_command(words)
  if #words > 0 then
    local params, text = M.parse_search_args(words)
    return M.search(params, text)
  end
  vim.ui.select(format.categories, {
    prompt = 'Kategori:',
    format_item = function(category)
      return category.label
    end,
  }, function(category)
    if category then
      M.search({ category = category.id }, '')
    end
  end)
end

--- "Mine steder": the favourites from the store (works offline), filtered as the user types.
function M.favorites()
  return picker.open({
    prompt = 'Mine steder: ',
    text = '',
    fetch = function(query, _, done)
      local request = { center = state.center }
      if query ~= '' then
        request.text = query
      end
      M.request('favorites/list', next(request) and request or nil, function(result)
        if result and #result.places == 0 and query == '' then
          result.message = 'Du har ingen favoritter ennå. Trykk <C-f> i søket eller f i detaljene.'
        end
        done(result)
      end, true)
    end,
    on_choose = function(place)
      state.place = place
      M.details(place.id)
    end,
    on_toggle_favorite = M.toggle_favorite,
  })
end

return M
