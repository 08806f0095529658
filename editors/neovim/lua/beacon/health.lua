-- :checkhealth beacon. Neovim 0.7 reports through require('health').report_*; 0.9 and later
-- through vim.health.start/ok/warn/error (0.8 has vim.health with the report_* names).
local M = {}

local health = vim.health or require('health')
local start = health.start or health.report_start
local ok = health.ok or health.report_ok
local warn = health.warn or health.report_warn
local fail = health.error or health.report_error
local info = health.info or health.report_info

function M.check()
  local beacon = require('beacon')
  start('beacon')

  local binary = beacon.binary()
  local path = vim.fn.exepath(binary)
  if path == '' then
    fail(("Fant ikke programmet '%s'"):format(binary), {
      'Installer Beacon med `Scripts/install.sh` (legger beacon i ~/.local/bin, som må være i PATH),',
      'eller sett stien: vim.g.beacon_binary = "/sti/til/beacon"',
      'eller require("beacon").setup({ binary = "/sti/til/beacon" })',
    })
    return
  end
  ok(('Programmet: %s'):format(path))

  local err = beacon.client():request_sync('ping', nil, 5000)
  if err then
    local client = beacon.client()
    fail(('Serveren svarer ikke: %s'):format(err.message), client.stderr_tail)
  else
    local server = beacon.client().server_info or {}
    local about = server.serverInfo or {}
    local configuration = server.configuration or {}
    ok(('Serveren svarer: %s %s (språk: %s)'):format(about.name, about.version, server.locale))
    info(('Lagring: %s'):format(configuration.storePath))
    if configuration.offline then
      info('Frakoblet modus: Beacon bruker bare lagrede steder')
    end
  end

  if vim.env.GEOAPIFY_API_KEY and vim.env.GEOAPIFY_API_KEY ~= '' then
    ok('GEOAPIFY_API_KEY er satt: søk går mot Geoapify')
  else
    warn('GEOAPIFY_API_KEY er ikke satt: Beacon søker i lagrede steder og demodata (Helsinki)', {
      'Lag en gratis nøkkel på https://myprojects.geoapify.com og sett GEOAPIFY_API_KEY i miljøet',
      'Nøkkelen skal aldri stå i init.lua eller andre innstillingsfiler',
    })
  end
end

return M
