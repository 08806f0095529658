'use strict';
// Shared by the tests: where the binary is, and an environment that runs Beacon in offline demo
// mode on a fresh store (no Geoapify key, none of the user's BEACON_* settings).

const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const binary = process.env.BEACON_BINARY || path.resolve(__dirname, '../../../.build/debug/beacon');

/** A copy of this process's environment for one test server, with its own store file. */
function demoEnvironment() {
  const env = {};
  for (const [name, value] of Object.entries(process.env)) {
    if (name !== 'GEOAPIFY_API_KEY' && !name.startsWith('BEACON_')) env[name] = value;
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'beacon-vscode-'));
  env.BEACON_STORE = path.join(dir, 'beacon.sqlite');
  return env;
}

/** The distance as a user must see it, written here independently of src/format.js. */
function shownDistance(meters) {
  return meters < 1000 ? `${meters} m` : `${(meters / 1000).toFixed(1).replace('.', ',')} km`;
}

module.exports = { binary, demoEnvironment, shownDistance };
