'use strict';
// extension.js with a stand-in `vscode` module (tests/vscode-stub.js) and the real `beacon` binary
// in offline demo mode: the commands from package.json, the live QuickPick, the details webview,
// rating, "Mine steder" and shutting down, read as a user would see them.

const assert = require('node:assert/strict');
const Module = require('node:module');
const { describe, it, before, after } = require('node:test');
const { BeaconClient } = require('../src/client');
const manifest = require('../package.json');
const stub = require('./vscode-stub');
const { binary, demoEnvironment, shownDistance } = require('./helpers');

// `require('vscode')` in extension.js gets the stub.
const load = Module._load;
Module._load = function (request, ...rest) {
  return request === 'vscode' ? stub.vscode : load.call(this, request, ...rest);
};

const env = demoEnvironment();
Object.assign(process.env, env);
delete process.env.GEOAPIFY_API_KEY;
stub.config['beacon.binaryPath'] = binary;

const extension = require('../extension');

/** Waits until `condition()` holds (the extension answers asynchronously). */
async function eventually(condition, what, timeoutMs = 10000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('the VS Code extension', () => {
  // The expected values come from the server itself, through a client of our own.
  const reference = new BeaconClient({ binary, env });
  const context = { subscriptions: [] };
  let cafes;

  before(async () => {
    extension.activate(context);
    cafes = await reference.request('places/search', { category: 'cafe', limit: 20 });
  });
  after(async () => {
    await reference.shutdown();
  });

  it('registers every command package.json contributes, with an activation event', () => {
    for (const { command } of manifest.contributes.commands) {
      assert.ok(stub.registered.has(command), `${command} is registered`);
    }
    for (const event of manifest.activationEvents.filter((e) => e.startsWith('onCommand:'))) {
      assert.ok(stub.registered.has(event.slice('onCommand:'.length)), event);
    }
    assert.equal(stub.created.treeViews[0].id, manifest.contributes.views.explorer[0].id);
  });

  it('"Søk etter steder" asks for the category and lists names, distances and addresses', async () => {
    stub.answers.quickPick.push({ label: 'Kafé', id: 'cafe' });
    const quickPick = await stub.vscode.commands.executeCommand('beacon.search');
    await quickPick.ready;
    assert.equal(quickPick.title, 'Beacon: Kafé · 5 km · sortert etter avstand');
    assert.equal(quickPick.items.length, cafes.places.length);
    quickPick.items.forEach((item, i) => {
      const place = cafes.places[i];
      assert.equal(item.label, place.name);
      assert.equal(item.description, shownDistance(place.distanceMeters));
      assert.equal(item.detail, place.address || '');
    });
    assert.deepEqual(stub.shown.infos, [cafes.message], 'the demo-mode notice, once');
    quickPick.hide();
  });

  it('updates the list as the user types; superseded keystrokes show no error', async () => {
    const word = cafes.places[0].name.slice(0, 3).toLowerCase();
    const expected = await reference.request('places/search', { category: 'cafe', text: word, limit: 20 });
    const quickPick = await stub.vscode.commands.executeCommand('beacon.search', { category: 'cafe' });
    await quickPick.ready;
    const before = quickPick.updates;
    const typing = [];
    for (let i = 1; i <= word.length; i += 1) typing.push(quickPick.type(word.slice(0, i)));
    await Promise.all(typing);
    assert.equal(quickPick.updates, before + 1, 'one update for the burst');
    assert.deepEqual(
      quickPick.items.map((item) => item.label),
      expected.places.map((place) => place.name),
    );
    assert.deepEqual(stub.shown.errors, []);
    quickPick.hide();
  });

  it('the buttons change the sort, the radius and "favourites only"', async () => {
    const quickPick = await stub.vscode.commands.executeCommand('beacon.search', { category: 'cafe' });
    await quickPick.ready;
    const button = (action) => quickPick.buttons.find((b) => b.action === action);
    await quickPick.pressButton(button('sort'));
    await quickPick.pressButton(button('radius'));
    assert.equal(quickPick.title, 'Beacon: Kafé · 10 km · sortert etter vurdering');
    const expected = await reference.request('places/search', {
      category: 'cafe',
      sort: 'rating',
      radiusMeters: 10000,
      limit: 20,
    });
    assert.deepEqual(
      quickPick.items.map((item) => item.label),
      expected.places.map((place) => place.name),
    );
    await quickPick.pressButton(button('favorites'));
    assert.equal(quickPick.title, 'Beacon: Kafé · 10 km · sortert etter vurdering · bare favoritter');
    assert.equal(quickPick.items.length, 1, 'no favourites yet: one line with the message');
    assert.equal(quickPick.items[0].place, undefined);
    quickPick.hide();
  });

  it('Enter opens the details; links open with the system; stars rate the place', async () => {
    const quickPick = await stub.vscode.commands.executeCommand('beacon.search', { category: 'cafe' });
    await quickPick.ready;
    await quickPick.accept(quickPick.items[0]);
    await eventually(() => stub.created.panels.length === 1 && stub.created.panels[0].webview.html, 'the webview');
    const panel = stub.created.panels[0];
    const { place } = await reference.request('places/details', { id: cafes.places[0].id });
    assert.match(panel.title, new RegExp(place.name));
    assert.ok(panel.webview.html.includes(place.links.geo));

    await panel.webview.click({ command: 'open', url: place.links.appleMaps });
    assert.deepEqual(stub.shown.opened, [place.links.appleMaps]);

    await panel.webview.click({ command: 'rate', stars: 4 });
    assert.match(stub.shown.infos.at(-1), /^Vurdering lagret: ★★★★☆/);
    assert.ok(panel.webview.html.includes('★★★★☆ 4,0 av 5 (1 vurdering)'), 'the details show the rating');
  });

  it("shows the server's error message as an error", async () => {
    const placeId = cafes.places[0].id;
    const expected = await reference.request('rating/add', { placeId, stars: 9 }).catch((error) => error.message);
    await stub.vscode.commands.executeCommand('beacon.rate', placeId, 9);
    assert.deepEqual(stub.shown.errors, [expected]);
    stub.shown.errors.length = 0;
  });

  it('♥ in the details adds the place to "Mine steder", which the tree lists', async () => {
    const panel = stub.created.panels[0];
    await panel.webview.click({ command: 'favorite' });
    assert.match(stub.shown.infos.at(-1), /er lagt til i Mine steder$/);
    const tree = stub.created.treeViews[0].treeDataProvider;
    const places = await tree.getChildren();
    assert.deepEqual(
      places.map((p) => p.id),
      [cafes.places[0].id],
    );
    const item = tree.getTreeItem(places[0]);
    assert.equal(item.label, cafes.places[0].name);
    assert.equal(item.description, `${shownDistance(cafes.places[0].distanceMeters)}  ★ 4,0 (1)`);
    assert.equal(item.command.command, 'beacon.details');
  });

  it('deactivate() sends shutdown and exit', async () => {
    assert.equal(await extension.deactivate(), 0);
  });
});
