'use strict';
// How places read in VS Code: the same words and numbers as `beacon search` prints ("350 m",
// "1,2 km", "★ 4,5 (2)", ♥ for favourites), in Norwegian Bokmål. No `vscode` here, so it is tested
// with `node --test`.

const CATEGORIES = [
  { id: 'restaurant', label: 'Restaurant' },
  { id: 'cafe', label: 'Kafé' },
  { id: 'hotel', label: 'Hotell' },
];

const SORTS = [
  { id: 'distance', label: 'avstand' },
  { id: 'rating', label: 'vurdering' },
  { id: 'name', label: 'navn' },
];

function categoryLabel(id) {
  const category = CATEGORIES.find((c) => c.id === id);
  return category ? category.label : id || '';
}

/** `4,5`: one decimal with a decimal comma. */
function decimal(value) {
  return value.toFixed(1).replace('.', ',');
}

/** `350 m` below a kilometre, `1,2 km` from there on; empty without a distance. */
function distance(meters) {
  if (meters === undefined || meters === null) return '';
  return meters < 1000 ? `${meters} m` : `${decimal(meters / 1000)} km`;
}

/** A radius: `5 km`, `1,5 km`, `800 m`. */
function radius(meters) {
  return meters >= 1000 && meters % 1000 === 0 ? `${meters / 1000} km` : distance(meters);
}

/** `★ 4,5 (2)`: the average and how many ratings; empty when unrated. */
function rating(summary) {
  return summary ? `★ ${decimal(summary.average)} (${summary.count})` : '';
}

/** `★★★★☆` for 4 stars. */
function stars(count) {
  return '★'.repeat(count) + '☆'.repeat(5 - count);
}

/** A QuickPick item's text for a place: name, then distance and rating, then the address. */
function placeItem(place) {
  return {
    label: `${place.isFavorite ? '♥ ' : ''}${place.name}`,
    description: [distance(place.distanceMeters), rating(place.rating)].filter(Boolean).join('  ·  '),
    detail: place.address || '',
  };
}

function escapeHtml(text) {
  const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
  return String(text).replace(/[&<>"']/g, (c) => entities[c]);
}

/** The links a place offers: website, Apple Maps, geo: and OpenStreetMap. */
function links(place) {
  const result = [];
  if (place.website) {
    const url = /^[a-z][a-z0-9+.-]*:/i.test(place.website) ? place.website : `https://${place.website}`;
    result.push({ label: 'Nettside', url });
  }
  result.push({ label: 'Apple Kart', url: place.links.appleMaps });
  result.push({ label: 'Kartapp (geo:)', url: place.links.geo });
  if (place.links.openStreetMap) result.push({ label: 'OpenStreetMap', url: place.links.openStreetMap });
  return result;
}

/** `22:00` for a time today, `27.03. 22:00` for another day: the place's own clock time of an RFC 3339 string. */
function clock(time, today = new Date()) {
  const pad = (n) => String(n).padStart(2, '0');
  const local = `${today.getFullYear()}-${pad(today.getMonth() + 1)}-${pad(today.getDate())}`;
  const hour = time.slice(11, 16);
  return time.slice(0, 10) === local ? hour : `${time.slice(8, 10)}.${time.slice(5, 7)}. ${hour}`;
}

/** `Åpen nå – stenger 22:00`, `Stengt – åpner 11:00`, or undefined when the hours cannot tell. */
function openingStatus(hours, today) {
  if (!hours || hours.openNow === null || hours.openNow === undefined) return undefined;
  if (hours.openNow) return hours.closesAt ? `Åpen nå – stenger ${clock(hours.closesAt, today)}` : 'Åpen nå';
  return hours.opensAt ? `Stengt – åpner ${clock(hours.opensAt, today)}` : 'Stengt nå';
}

/**
 * The detail view as a self-contained HTML page for a webview. Every value is escaped; the only
 * script (with `nonce`) posts {command: 'open', url} / {command: 'rate', stars} / {command:
 * 'favorite'} to the extension, which opens links with the system's handler.
 */
function detailsHtml(place, { nonce, cspSource = '' }) {
  const summary = place.rating;
  const rows = [
    ['Kategori', categoryLabel(place.category)],
    ['Adresse', place.address],
    [
      'Vurdering',
      summary
        ? `${stars(summary.stars)} ${decimal(summary.average)} av 5 ` +
          `(${summary.count} ${summary.count === 1 ? 'vurdering' : 'vurderinger'})`
        : 'ingen ennå',
    ],
    ['Favoritt', place.isFavorite ? '♥ ja' : 'nei'],
    ['Åpningstider', place.openingHours && place.openingHours.raw],
    ['Åpent nå', openingStatus(place.openingHours)],
    ['Telefon', place.phone],
    ['E-post', place.email],
    ['Nettside', place.website],
    ['Kjøkken', place.cuisine && place.cuisine.join(', ')],
  ].filter(([, value]) => value);
  const emoji = place.presentation ? place.presentation.emoji : '';
  const starButtons = [1, 2, 3, 4, 5]
    .map((n) => `<button data-stars="${n}" title="${n} av 5">${stars(n)}</button>`)
    .join(' ');
  return `<!DOCTYPE html>
<html lang="nb">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy"
      content="default-src 'none'; style-src ${cspSource} 'unsafe-inline'; script-src 'nonce-${nonce}';">
<title>${escapeHtml(place.name)}</title>
<style>
  body { font-family: var(--vscode-font-family); color: var(--vscode-foreground); padding: 0 1em; }
  th { text-align: left; padding-right: 1em; font-weight: normal; color: var(--vscode-descriptionForeground); }
  a { color: var(--vscode-textLink-foreground); }
  button { margin: 0.2em 0.2em 0 0; }
</style>
</head>
<body>
<h1>${escapeHtml(emoji)} ${escapeHtml(place.name)}</h1>
<table>
${rows.map(([label, value]) => `<tr><th>${label}</th><td>${escapeHtml(value)}</td></tr>`).join('\n')}
</table>
<h2>Lenker</h2>
<ul>
${links(place)
  .map((link) => `<li><a href="#" data-url="${escapeHtml(link.url)}">${link.label}</a></li>`)
  .join('\n')}
</ul>
<h2>Gi vurdering</h2>
<p>${starButtons}</p>
<p><button data-favorite="1">${place.isFavorite ? 'Fjern fra Mine steder' : '♥ Legg til i Mine steder'}</button></p>
<script nonce="${nonce}">
  const vscode = acquireVsCodeApi();
  document.addEventListener('click', (event) => {
    const target = event.target.closest('[data-url],[data-stars],[data-favorite]');
    if (!target) return;
    event.preventDefault();
    if (target.dataset.url) vscode.postMessage({ command: 'open', url: target.dataset.url });
    else if (target.dataset.stars) vscode.postMessage({ command: 'rate', stars: Number(target.dataset.stars) });
    else vscode.postMessage({ command: 'favorite' });
  });
</script>
</body>
</html>`;
}

module.exports = {
  CATEGORIES,
  SORTS,
  categoryLabel,
  decimal,
  distance,
  radius,
  rating,
  stars,
  placeItem,
  links,
  detailsHtml,
  escapeHtml,
  clock,
  openingStatus,
};
