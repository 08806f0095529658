-- Beacon's commands. The server starts with the first command that needs it, not before.
if vim.g.loaded_beacon then
  return
end
vim.g.loaded_beacon = true

local command = vim.api.nvim_create_user_command

local function beacon()
  return require('beacon')
end

local search_words = {
  'category=restaurant',
  'category=cafe',
  'category=hotel',
  'sort=distance',
  'sort=rating',
  'sort=name',
  'radius=1km',
  'radius=5km',
  'radius=10km',
  'favorites',
}

command('BeaconSearch', function(opts)
  beacon().search_command(opts.fargs)
end, {
  nargs = '*',
  desc = 'Beacon: søk etter steder',
  complete = function(lead)
    return vim.tbl_filter(function(word)
      return word:sub(1, #lead) == lead
    end, search_words)
  end,
})

command('BeaconDetails', function(opts)
  beacon().details(opts.args ~= '' and opts.args or nil)
end, { nargs = '?', desc = 'Beacon: vis detaljer om et sted' })

-- :BeaconRate [1-5] [ID], in any order; without stars it asks.
command('BeaconRate', function(opts)
  local stars, id
  for _, word in ipairs(opts.fargs) do
    if word:match('^%d+$') then
      stars = tonumber(word)
    else
      id = word
    end
  end
  beacon().rate(id, stars)
end, { nargs = '*', desc = 'Beacon: gi et sted 1–5 stjerner' })

command('BeaconFavorites', function()
  beacon().favorites()
end, { nargs = 0, desc = 'Beacon: Mine steder' })

command('BeaconToggleFavorite', function()
  beacon().toggle_favorite()
end, { nargs = 0, desc = 'Beacon: legg til i eller fjern fra Mine steder' })

vim.api.nvim_create_autocmd('VimLeavePre', {
  group = vim.api.nvim_create_augroup('beacon', { clear = true }),
  callback = function()
    if package.loaded['beacon'] then
      require('beacon').shutdown()
    end
  end,
})
