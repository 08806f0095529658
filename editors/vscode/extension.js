'use strict';
// Beacon for VS Code: find restaurants, cafés and hotels (a live QuickPick), read their details (a
// webview), rate them and keep favourites ("Mine steder", a tree view in the Explorer), through
// `beacon serve` running as a child process. Plain JavaScript, no npm packages. The Geoapify key
// comes from the environment (GEOAPIFY_API_KEY), which the server inherits; it is never a setting.

const crypto = require('node:crypto');
const vscode = require('vscode');
const { BeaconClient } = require('./src/client');
const format = require('./src/format');

const VERSION = require('./package.json').version;
const RADII = [1000, 2000, 5000, 10000];

let client = null; // started by the first request that needs it
let output = null;
let favorites = null; // the "Mine steder" tree
let details = null; // the open detail webview: {panel, place}
let lastCenter = null; // the centre of the last search, for distances in "Mine steder"
let lastPlace = null; // the place last opened: what "Gi vurdering" rates by default
const shownMessages = new Set(); // server notices (e.g. demo mode) are shown once per session

function settings() {
  return vscode.workspace.getConfiguration('beacon');
}

function getClient() {
  if (!client) {
    const config = settings();
    client = new BeaconClient({
      binary: config.get('binaryPath') || 'beacon',
      storePath: config.get('storePath') || undefined,
      locale: config.get('locale') || undefined,
      offline: config.get('offline') || false,
      clientInfo: { name: 'beacon-vscode', version: VERSION },
    });
    client.on('stderr', (text) => output.append(text));
    client.on('notification', (method, params) => {
      if (method !== 'window/logMessage') return;
      output.appendLine(params.message);
      if (params.type === 1) vscode.window.showErrorMessage(params.message);
      else if (params.type === 2) vscode.window.showWarningMessage(params.message);
    });
    client.on('exit', ({ code, signal, expected }) => {
      if (!expected) output.appendLine(`Beacon stoppet uventet (kode ${code}, signal ${signal})`);
    });
  }
  return client;
}

/** Calls Beacon; shows its error message (already in the user's language) as VS Code shows errors. */
async function call(method, params) {
  try {
    return await getClient().request(method, params);
  } catch (error) {
    if (!error.isCancellation) vscode.window.showErrorMessage(error.message);
    return undefined;
  }
}

function showNotice(message) {
  if (message && !shownMessages.has(message)) {
    shownMessages.add(message);
    vscode.window.showInformationMessage(message);
  }
}

/** A place id from a command's argument: an id, a place (tree, QuickPick), or nothing. */
function placeOf(target) {
  if (typeof target === 'string') return { id: target };
  if (target && typeof target.id === 'string') return target;
  return lastPlace;
}

function noPlaceChosen() {
  vscode.window.showErrorMessage('Ingen sted er valgt. Søk først med «Beacon: Søk etter steder».');
}

// Search ---------------------------------------------------------------------------------------------

/**
 * A QuickPick that searches as the user types. Each keystroke sends `places/search` with
 * `debounceMs`: the server answers only the last one (older ones get -32800 "superseded", which is
 * ignored). Buttons change the sort, the radius and "favourites only"; item buttons rate a place or
 * make it a favourite. Returns the QuickPick (for tests).
 */
async function search(options = {}) {
  let category = options.category;
  if (!category) {
    const pick = await vscode.window.showQuickPick(
      format.CATEGORIES.map((c) => ({ label: c.label, id: c.id })),
      { title: 'Beacon', placeHolder: 'Kategori' },
    );
    if (!pick) return undefined;
    category = pick.id;
  }
  const state = { sort: options.sort, radiusMeters: options.radiusMeters, favoritesOnly: !!options.favoritesOnly };
  const quickPick = vscode.window.createQuickPick();
  quickPick.placeholder = 'Søk etter navn, adresse eller kjøkken';
  quickPick.matchOnDescription = false;
  quickPick.matchOnDetail = false;
  quickPick.value = options.text || '';

  const favoriteButton = (place) => ({
    iconPath: new vscode.ThemeIcon(place.isFavorite ? 'heart-filled' : 'heart'),
    tooltip: place.isFavorite ? 'Fjern fra Mine steder' : 'Legg til i Mine steder',
    action: 'favorite',
  });
  const rateButton = { iconPath: new vscode.ThemeIcon('star-empty'), tooltip: 'Gi vurdering', action: 'rate' };

  function updateButtons() {
    const sort = format.SORTS.find((s) => s.id === state.sort);
    quickPick.buttons = [
      {
        iconPath: new vscode.ThemeIcon('list-ordered'),
        tooltip: `Sorter etter: ${sort ? sort.label : '…'}`,
        action: 'sort',
      },
      {
        iconPath: new vscode.ThemeIcon('circle-large-outline'),
        tooltip: `Radius: ${format.radius(state.radiusMeters)}`,
        action: 'radius',
      },
      {
        iconPath: new vscode.ThemeIcon(state.favoritesOnly ? 'heart-filled' : 'heart'),
        tooltip: state.favoritesOnly ? 'Viser bare favoritter' : 'Bare favoritter',
        action: 'favorites',
      },
    ];
    quickPick.title = [
      `Beacon: ${format.categoryLabel(category)}`,
      state.radiusMeters && format.radius(state.radiusMeters),
      sort && `sortert etter ${sort.label}`,
      state.favoritesOnly && 'bare favoritter',
    ]
      .filter(Boolean)
      .join(' · ');
  }

  let generation = 0;
  async function update(isEdit) {
    const mine = ++generation;
    const params = { category, limit: settings().get('resultLimit') || 20 };
    if (quickPick.value) params.text = quickPick.value;
    if (state.sort) params.sort = state.sort;
    if (state.radiusMeters) params.radiusMeters = state.radiusMeters;
    if (state.favoritesOnly) params.scope = 'favorites';
    if (isEdit) params.debounceMs = settings().get('debounceMs') ?? 250;
    quickPick.busy = true;
    const result = await call('places/search', params);
    if (mine !== generation) return; // a newer edit is on its way
    quickPick.busy = false;
    if (!result) return;
    lastCenter = result.center;
    state.sort = result.sort;
    state.radiusMeters = result.radiusMeters;
    updateButtons();
    showNotice(result.places.length ? result.message : undefined);
    quickPick.items = result.places.length
      ? result.places.map((place) => ({
          ...format.placeItem(place),
          place,
          alwaysShow: true, // the server filtered already; VS Code's own matching must not hide any
          buttons: [rateButton, favoriteButton(place)],
        }))
      : [{ label: result.message || 'Ingen treff', alwaysShow: true }];
    quickPick.updates = (quickPick.updates || 0) + 1;
  }

  quickPick.onDidChangeValue(() => update(true));
  quickPick.onDidTriggerButton(async (button) => {
    if (button.action === 'sort') {
      const index = format.SORTS.findIndex((s) => s.id === state.sort);
      state.sort = format.SORTS[(index + 1) % format.SORTS.length].id;
    } else if (button.action === 'radius') {
      state.radiusMeters = RADII[(RADII.indexOf(state.radiusMeters) + 1) % RADII.length];
    } else {
      state.favoritesOnly = !state.favoritesOnly;
    }
    await update(false);
  });
  quickPick.onDidTriggerItemButton(async ({ item, button }) => {
    if (button.action === 'rate') await rate(item.place);
    else await toggleFavorite(item.place);
    await update(false);
  });
  quickPick.onDidAccept(() => {
    const [item] = quickPick.selectedItems;
    if (item && item.place) {
      quickPick.hide();
      showDetails(item.place);
    }
  });
  quickPick.onDidHide(() => quickPick.dispose());
  updateButtons();
  quickPick.show();
  quickPick.ready = update(false);
  return quickPick;
}

// Details ----------------------------------------------------------------------------------------------

function renderDetails(place) {
  if (!details) {
    const panel = vscode.window.createWebviewPanel('beaconDetails', place.name, vscode.ViewColumn.Active, {
      enableScripts: true, // only the page's own nonce'd script, which posts the clicks here
    });
    details = { panel, place };
    panel.onDidDispose(() => {
      details = null;
    });
    panel.webview.onDidReceiveMessage((message) => onDetailsMessage(message));
  }
  details.place = place;
  details.panel.title = `${place.presentation ? place.presentation.emoji + ' ' : ''}${place.name}`;
  details.panel.webview.html = format.detailsHtml(place, {
    nonce: crypto.randomBytes(16).toString('hex'),
    cspSource: details.panel.webview.cspSource,
  });
  details.panel.reveal();
}

async function onDetailsMessage(message) {
  const place = details && details.place;
  if (!place) return;
  if (message.command === 'open') await vscode.env.openExternal(vscode.Uri.parse(message.url));
  else if (message.command === 'rate') await rate(place, message.stars);
  else if (message.command === 'favorite') await toggleFavorite(place);
}

/** Opens a place's details (hours, phone, website, links, rating, favourite) in a webview. */
async function showDetails(target) {
  let place = placeOf(target);
  if (!place) {
    const id = await vscode.window.showInputBox({ prompt: 'Stedets ID', placeHolder: 'osm:node/317766538' });
    if (!id) return undefined;
    place = { id };
  }
  const result = await call('places/details', { id: place.id });
  if (!result) return undefined;
  lastPlace = result.place;
  renderDetails(result.place);
  return details.panel;
}

/** After a rating or a favourite: the open details and "Mine steder" show the news. */
async function refreshViews(id) {
  favorites.refresh();
  if (details && details.place.id === id) {
    const result = await call('places/details', { id });
    if (result && details) renderDetails(result.place);
  }
}

// Ratings and favourites ------------------------------------------------------------------------------

/** Rates a place 1–5 stars; asks for the stars when not given. */
async function rate(target, stars) {
  const place = placeOf(target);
  if (!place) return noPlaceChosen();
  if (!stars) {
    const pick = await vscode.window.showQuickPick(
      [5, 4, 3, 2, 1].map((n) => ({ label: format.stars(n), stars: n })),
      { title: place.name ? `Beacon: ${place.name}` : 'Beacon', placeHolder: 'Vurdering' },
    );
    if (!pick) return undefined;
    stars = pick.stars;
  }
  const result = await call('rating/add', { placeId: place.id, stars });
  if (!result) return undefined;
  const { summary } = result;
  vscode.window.showInformationMessage(
    `Vurdering lagret: ${format.stars(stars)} (snitt ${format.decimal(summary.average)} av 5, ${summary.count} i alt)`,
  );
  await refreshViews(place.id);
  return result;
}

/** Adds a place to "Mine steder", or removes it when it already is there. */
async function toggleFavorite(target) {
  let place = placeOf(target);
  if (!place) return noPlaceChosen();
  if (place.isFavorite === undefined) {
    const result = await call('places/details', { id: place.id });
    if (!result) return undefined;
    place = result.place;
  }
  const method = place.isFavorite ? 'favorites/remove' : 'favorites/add';
  const result = await call(method, { placeId: place.id });
  if (!result) return undefined;
  place.isFavorite = !place.isFavorite;
  vscode.window.showInformationMessage(
    place.isFavorite ? `♥ ${place.name} er lagt til i Mine steder` : `${place.name} er fjernet fra Mine steder`,
  );
  await refreshViews(place.id);
  return result;
}

/** "Mine steder" in the Explorer: the favourites from the store (so it works offline). */
class FavoritesProvider {
  constructor() {
    this.changed = new vscode.EventEmitter();
    this.onDidChangeTreeData = this.changed.event;
  }

  refresh() {
    this.changed.fire();
  }

  async getChildren(element) {
    if (element) return [];
    const result = await call('favorites/list', lastCenter ? { center: lastCenter } : undefined);
    return result ? result.places : [];
  }

  getTreeItem(place) {
    const item = new vscode.TreeItem(place.name, vscode.TreeItemCollapsibleState.None);
    item.id = place.id;
    item.description = [format.distance(place.distanceMeters), format.rating(place.rating)].filter(Boolean).join('  ');
    item.tooltip = [place.name, format.categoryLabel(place.category), place.address].filter(Boolean).join('\n');
    item.iconPath = new vscode.ThemeIcon('heart-filled');
    item.contextValue = 'beaconPlace';
    item.command = { command: 'beacon.details', title: 'Vis detaljer', arguments: [place] };
    return item;
  }
}

// Lifecycle --------------------------------------------------------------------------------------------

/** Stops the server, if one runs; resolves with its exit code. */
async function stopServer() {
  const running = client;
  client = null;
  return running ? running.shutdown() : null;
}

function activate(context) {
  output = vscode.window.createOutputChannel('Beacon');
  favorites = new FavoritesProvider();
  const register = (id, fn) => context.subscriptions.push(vscode.commands.registerCommand(id, fn));
  register('beacon.search', (options) => search(options));
  register('beacon.details', (target) => showDetails(target));
  register('beacon.rate', (target, stars) => rate(target, stars));
  register('beacon.toggleFavorite', (target) => toggleFavorite(target));
  register('beacon.favorites', async () => {
    favorites.refresh();
    await vscode.commands.executeCommand('beaconFavorites.focus');
  });
  register('beacon.refreshFavorites', () => favorites.refresh());
  register('beacon.restart', async () => {
    await stopServer();
    await call('ping');
    favorites.refresh();
  });
  context.subscriptions.push(
    output,
    vscode.window.createTreeView('beaconFavorites', { treeDataProvider: favorites }),
    vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('beacon')) stopServer(); // the next request starts it anew
    }),
  );
}

/** VS Code waits for the returned promise: `shutdown`, `exit`, the server's exit code. */
function deactivate() {
  return stopServer();
}

module.exports = { activate, deactivate };
