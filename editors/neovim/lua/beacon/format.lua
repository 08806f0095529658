-- How places read in Neovim: the same words and numbers as `beacon search` prints
-- ("350 m", "1,2 km", "★ 4,5 (2)", ♥ for favourites), in Norwegian Bokmål.

local M = {}

M.categories = {
  { id = 'restaurant', label = 'Restaurant' },
  { id = 'cafe', label = 'Kafé' },
  { id = 'hotel', label = 'Hotell' },
}

M.sorts = { distance = 'avstand', rating = 'vurdering', name = 'navn' }

local function present(value)
  return value ~= nil and value ~= vim.NIL
end
M.present = present

function M.category_label(id)
  for _, category in ipairs(M.categories) do
    if category.id == id then
      return category.label
    end
  end
  return id or ''
end

--- `4,5`: one decimal with a decimal comma.
function M.decimal(value)
  return (('%.1f'):format(value):gsub('%.', ','))
end

--- `350 m` below a kilometre, `1,2 km` from there on; empty without a distance.
function M.distance(meters)
  if not present(meters) then
    return ''
  end
  if meters < 1000 then
    return ('%d m'):format(meters)
  end
  return M.decimal(meters / 1000) .. ' km'
end

--- `★ 4,5 (2)`: the average and how many ratings; empty when unrated.
function M.rating(summary)
  if not present(summary) then
    return ''
  end
  return ('★ %s (%d)'):format(M.decimal(summary.average), summary.count)
end

--- `★★★★☆` for 4 stars.
function M.stars(count)
  return ('★'):rep(count) .. ('☆'):rep(5 - count)
end

local function pad(text, width)
  return text .. (' '):rep(width - vim.fn.strdisplaywidth(text))
end

local function pad_left(text, width)
  return (' '):rep(width - vim.fn.strdisplaywidth(text)) .. text
end

--- `text` broken into lines of at most `width` columns, between words.
function M.wrap(text, width)
  local lines, line = {}, ''
  for word in text:gmatch('%S+') do
    if line ~= '' and vim.fn.strdisplaywidth(line .. ' ' .. word) > width then
      table.insert(lines, line)
      line = word
    else
      line = line == '' and word or (line .. ' ' .. word)
    end
  end
  table.insert(lines, line)
  return lines
end

--- One line per place, in aligned columns: favourite mark, name, distance, rating, address.
function M.place_lines(places)
  local name_width, distance_width, rating_width = 0, 0, 0
  for _, place in ipairs(places) do
    name_width = math.max(name_width, math.min(40, vim.fn.strdisplaywidth(place.name)))
    distance_width = math.max(distance_width, vim.fn.strdisplaywidth(M.distance(place.distanceMeters)))
    rating_width = math.max(rating_width, vim.fn.strdisplaywidth(M.rating(place.rating)))
  end
  local lines = {}
  for _, place in ipairs(places) do
    local name = place.name
    if vim.fn.strdisplaywidth(name) > 40 then
      name = vim.fn.strcharpart(name, 0, 39) .. '…'
    end
    local columns = { place.isFavorite and '♥' or ' ', pad(name, name_width) }
    if distance_width > 0 then
      table.insert(columns, pad_left(M.distance(place.distanceMeters), distance_width))
    end
    if rating_width > 0 then -- no empty column while nothing is rated
      table.insert(columns, pad(M.rating(place.rating), rating_width))
    end
    table.insert(columns, present(place.address) and place.address or '')
    local line = table.concat(columns, '  ')
    table.insert(lines, (line:gsub('%s+$', '')))
  end
  return lines
end

--- `22:00` for a time today, `27.03. 22:00` for another day: the place's own clock time of an RFC 3339 string.
function M.clock(time)
  local date, hour = time:sub(1, 10), time:sub(12, 16)
  if date == os.date('%Y-%m-%d') then
    return hour
  end
  return ('%s.%s. %s'):format(date:sub(9, 10), date:sub(6, 7), hour)
end

--- `Åpen nå – stenger 22:00`, `Stengt – åpner 11:00`, or nil when the hours cannot tell.
function M.opening_status(hours)
  if not present(hours) or not present(hours.openNow) then
    return nil
  end
  if hours.openNow then
    return present(hours.closesAt) and ('Åpen nå – stenger ' .. M.clock(hours.closesAt)) or 'Åpen nå'
  end
  return present(hours.opensAt) and ('Stengt – åpner ' .. M.clock(hours.opensAt)) or 'Stengt nå'
end

--- The detail view of one place, as lines of text, and the links it shows ({key, label, url}).
function M.details(place)
  local emoji = present(place.presentation) and place.presentation.emoji or ''
  local lines = { ('%s %s'):format(emoji, place.name), '' }
  local function field(label, value)
    if present(value) and value ~= '' then
      table.insert(lines, pad(label .. ':', 14) .. ' ' .. value)
    end
  end
  field('Kategori', M.category_label(place.category))
  field('Adresse', place.address)
  if present(place.rating) then
    field(
      'Vurdering',
      ('%s  %s av 5 (%d %s)'):format(
        M.stars(place.rating.stars),
        M.decimal(place.rating.average),
        place.rating.count,
        place.rating.count == 1 and 'vurdering' or 'vurderinger'
      )
    )
  else
    field('Vurdering', 'ingen ennå')
  end
  field('Favoritt', place.isFavorite and '♥ ja' or 'nei')
  if present(place.openingHours) then
    field('Åpningstider', place.openingHours.raw)
    field('Åpent nå', M.opening_status(place.openingHours))
  end
  field('Telefon', place.phone)
  field('E-post', place.email)
  field('Nettside', place.website)
  if present(place.cuisine) then
    field('Kjøkken', table.concat(place.cuisine, ', '))
  end
  field('Koordinater', ('%s, %s'):format(place.location.lat, place.location.lon))

  local links = {}
  if present(place.website) then
    local url = place.website:match('^%a[%w+.-]*:') and place.website or ('https://' .. place.website)
    table.insert(links, { key = 'w', label = 'Nettside', url = url })
  end
  table.insert(links, { key = 'a', label = 'Apple Kart', url = place.links.appleMaps })
  table.insert(links, { key = 'g', label = 'Kartapp (geo:)', url = place.links.geo })
  if present(place.links.openStreetMap) then
    table.insert(links, { key = 'o', label = 'OpenStreetMap', url = place.links.openStreetMap })
  end
  table.insert(lines, '')
  table.insert(lines, 'Lenker:')
  for _, link in ipairs(links) do
    table.insert(lines, ('  [%s] %-15s %s'):format(link.key, link.label, link.url))
  end
  table.insert(lines, '')
  table.insert(lines, '[r] gi vurdering  [f] favoritt av/på  [q] lukk')
  return lines, links
end

return M
