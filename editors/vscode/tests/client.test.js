'use strict';
// The JSON-RPC client (src/client.js) and the text it produces (src/format.js), against the real
// `beacon` binary in offline demo mode: cd editors/vscode && node --test

const assert = require('node:assert/strict');
const { execFileSync } = require('node:child_process');
const { describe, it, before, after } = require('node:test');
const { BeaconClient, BeaconError, FrameParser, encodeFrame, SERVER_DIED } = require('../src/client');
const format = require('../src/format');
const { binary, demoEnvironment, shownDistance } = require('./helpers');

describe('framing', () => {
  it('counts bytes and parses frames split anywhere, even inside a UTF-8 character', () => {
    const frame = encodeFrame({ text: 'æøå' });
    assert.equal(frame.toString('utf8'), 'Content-Length: 17\r\n\r\n{"text":"æøå"}');
    const parser = new FrameParser();
    const stream = Buffer.concat([frame, encodeFrame(null), Buffer.from('Content-length:2\n\n{}')]);
    const bodies = [];
    for (let i = 0; i < stream.length; i += 1) bodies.push(...parser.feed(stream.subarray(i, i + 1)));
    assert.deepEqual(bodies, ['{"text":"æøå"}', 'null', '{}']);
  });
});

describe('BeaconClient against beacon serve', () => {
  const env = demoEnvironment();
  let client;
  let cafes;

  before(() => {
    client = new BeaconClient({ binary, env, clientInfo: { name: 'beacon-vscode-test' } });
  });
  after(() => client.shutdown());

  it('starts lazily and initializes', async () => {
    assert.equal(client.isRunning, false);
    assert.deepEqual(await client.request('ping'), {});
    assert.equal(client.serverInfo.serverInfo.name, 'beacon');
    assert.equal(client.serverInfo.locale, 'nb');
    assert.equal(client.serverInfo.configuration.geoapifyAPIKeyConfigured, false);
  });

  it('searches the demo data; a QuickPick item shows the name, distance and address', async () => {
    cafes = await client.request('places/search', { category: 'cafe', limit: 5 });
    assert.equal(cafes.source, 'offline');
    assert.ok(cafes.places.length >= 3);
    const [first] = cafes.places;
    const item = format.placeItem(first);
    assert.equal(item.label, first.name);
    assert.equal(item.description, shownDistance(first.distanceMeters));
    assert.equal(item.detail, first.address || '');
    assert.ok(cafes.message, 'the demo-mode notice');
  });

  it('answers a superseded debounced search with -32800 and reason "superseded"', async () => {
    const first = client.request('places/search', { category: 'cafe', text: 'r', debounceMs: 300 });
    const second = client.request('places/search', { category: 'cafe', text: 'ro', debounceMs: 300 });
    await assert.rejects(first, (error) => {
      assert.ok(error instanceof BeaconError);
      assert.equal(error.code, -32800);
      assert.equal(error.data.reason, 'superseded');
      assert.ok(error.isCancellation);
      return true;
    });
    const result = await second;
    assert.ok(Array.isArray(result.places));
  });

  it('rates a place, and rejects 9 stars with the server\'s Norwegian message', async () => {
    const place = cafes.places[0];
    const result = await client.request('rating/add', { placeId: place.id, stars: 4 });
    assert.equal(result.summary.count, 1);
    assert.equal(format.rating(result.summary), '★ 4,0 (1)');

    // The message a user sees is the server's own: the CLI prints the same sentence.
    let cliMessage = '';
    try {
      execFileSync(binary, ['call', 'rating/add', JSON.stringify({ placeId: place.id, stars: 9 })], {
        env,
        stdio: 'pipe',
      });
    } catch (error) {
      cliMessage = error.stderr.toString('utf8').trim();
    }
    await assert.rejects(client.request('rating/add', { placeId: place.id, stars: 9 }), (error) => {
      assert.equal(error.code, -32602);
      assert.equal(error.kind, 'invalidParams');
      assert.equal(error.data.field, 'stars');
      assert.equal(error.message, cliMessage);
      return true;
    });
  });

  it('adds a favourite and lists "Mine steder" with the distance from the search centre', async () => {
    const place = cafes.places[0];
    const added = await client.request('favorites/add', { placeId: place.id });
    assert.equal(added.added, true);
    const list = await client.request('favorites/list', { center: cafes.center });
    assert.deepEqual(
      list.places.map((p) => p.id),
      [place.id],
    );
    const item = format.placeItem(list.places[0]);
    assert.equal(item.label, `♥ ${place.name}`);
    assert.equal(item.description, `${shownDistance(place.distanceMeters)}  ·  ★ 4,0 (1)`);
  });

  it('renders details with escaped values and every link', async () => {
    const { place } = await client.request('places/details', { id: cafes.places[0].id });
    const html = format.detailsHtml(place, { nonce: 'abc', cspSource: 'vscode-resource:' });
    assert.ok(html.includes(format.escapeHtml(place.name)));
    assert.ok(html.includes(`data-url="${format.escapeHtml(place.links.appleMaps)}"`));
    assert.ok(html.includes(`data-url="${place.links.geo}"`));
    assert.ok(html.includes('★★★★☆ 4,0 av 5 (1 vurdering)'));
    if (place.openingHours) {
      assert.ok(html.includes(format.escapeHtml(place.openingHours.raw)));
      if (place.openingHours.openNow !== null) {
        assert.ok(html.includes(place.openingHours.openNow ? 'Åpen nå' : 'Stengt'));
      }
    }
    assert.ok(html.includes("script-src 'nonce-abc'"));
    assert.equal(format.escapeHtml(`<a href="x">Robert's</a>`), '&lt;a href=&quot;x&quot;&gt;Robert&#39;s&lt;/a&gt;');
  });

  it('restarts a server that dies once, and reports the second death', async () => {
    const first = client.pid;
    process.kill(first, 'SIGKILL');
    await new Promise((resolve) => client.once('exit', resolve));
    assert.deepEqual(await client.request('ping'), {});
    assert.notEqual(client.pid, first);
    process.kill(client.pid, 'SIGKILL');
    await new Promise((resolve) => client.once('exit', resolve));
    await assert.rejects(client.request('ping'), (error) => {
      assert.equal(error.code, SERVER_DIED);
      assert.match(error.message, /startes ikke på nytt/);
      return true;
    });
    client.resetRestarts();
    assert.deepEqual(await client.request('ping'), {});
  });

  it('shuts down with shutdown + exit: exit code 0', async () => {
    const other = new BeaconClient({ binary, env });
    await other.request('ping');
    assert.equal(await other.shutdown(), 0);
    assert.equal(other.isRunning, false);
  });

  it('reports a binary that cannot be started in Norwegian', async () => {
    const missing = new BeaconClient({ binary: '/nonexistent/beacon', env });
    await assert.rejects(missing.request('ping'), /Kunne ikke starte Beacon/);
  });
});

describe('format', () => {
  it('writes distances, ratings and stars as the CLI does', () => {
    assert.equal(format.distance(38), '38 m');
    assert.equal(format.distance(1249), '1,2 km');
    assert.equal(format.distance(undefined), '');
    assert.equal(format.rating({ average: 4.5, count: 2, stars: 5, fill: 1 }), '★ 4,5 (2)');
    assert.equal(format.rating(null), '');
    assert.equal(format.stars(3), '★★★☆☆');
    assert.equal(format.radius(5000), '5 km');
    assert.equal(format.radius(1500), '1,5 km');
  });

  it('writes the opening status as the CLI does', () => {
    const today = new Date(2026, 2, 27, 9, 0);
    assert.equal(format.openingStatus({ openNow: true, closesAt: '2026-03-27T22:00:00+02:00' }, today),
      'Åpen nå – stenger 22:00');
    assert.equal(format.openingStatus({ openNow: false, opensAt: '2026-03-28T11:00:00+02:00' }, today),
      'Stengt – åpner 28.03. 11:00');
    assert.equal(format.openingStatus({ openNow: true }, today), 'Åpen nå');
    assert.equal(format.openingStatus({ openNow: false }, today), 'Stengt nå');
    assert.equal(format.openingStatus({ raw: 'unknown', openNow: null }, today), undefined);
    assert.equal(format.openingStatus(undefined, today), undefined);
  });
});
