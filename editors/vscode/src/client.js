'use strict';
// A JSON-RPC 2.0 client for `beacon serve`, framed like a language server: every message is
// `Content-Length: N\r\n\r\n` followed by N bytes of UTF-8 JSON.
//
// Plain Node (no `vscode`, no npm packages), so it is tested with `node --test` against the real
// binary. The server starts with the first request, is restarted once if it dies, and is stopped
// with `shutdown` + `exit`.

const { spawn } = require('node:child_process');
const { EventEmitter } = require('node:events');

/** Codes for failures that never reached the server (JSON-RPC's implementation-defined range). */
const SERVER_DIED = -32098;
const NOT_STARTED = -32099;
const REQUEST_CANCELLED = -32800;

/** An error answer from Beacon: `message` is already in the user's language. */
class BeaconError extends Error {
  constructor({ code, message, data }, method) {
    super(message);
    this.name = 'BeaconError';
    this.code = code;
    this.data = data;
    this.method = method;
  }

  /** The stable machine-readable kind (`data.kind`), e.g. `invalidParams`. */
  get kind() {
    return this.data && typeof this.data.kind === 'string' ? this.data.kind : undefined;
  }

  /** Cancelled, or overtaken by a newer debounced request: nothing the user needs to see. */
  get isCancellation() {
    return this.code === REQUEST_CANCELLED;
  }
}

/** One message as a frame; Content-Length counts bytes. */
function encodeFrame(message) {
  const body = Buffer.from(JSON.stringify(message), 'utf8');
  return Buffer.concat([Buffer.from(`Content-Length: ${body.length}\r\n\r\n`, 'ascii'), body]);
}

/** An incremental parser: feed it chunks split anywhere (even inside a UTF-8 character). */
class FrameParser {
  constructor() {
    this.buffer = Buffer.alloc(0);
  }

  /** Returns the bodies (strings) of every frame the chunk completed. */
  feed(chunk) {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    const bodies = [];
    for (;;) {
      const match = /\r?\n\r?\n/.exec(this.buffer.toString('latin1', 0, Math.min(this.buffer.length, 8192)));
      if (!match) break;
      const header = this.buffer.toString('ascii', 0, match.index);
      const start = match.index + match[0].length;
      const length = /content-length:\s*(\d+)/i.exec(header);
      if (!length) {
        this.buffer = this.buffer.subarray(start); // not a frame: resynchronise on the next header
        continue;
      }
      const end = start + Number(length[1]);
      if (this.buffer.length < end) break;
      bodies.push(this.buffer.toString('utf8', start, end));
      this.buffer = this.buffer.subarray(end);
    }
    return bodies;
  }
}

/**
 * `beacon serve` as a child process.
 *
 * Options: binary (path, or a name on PATH; default `beacon`), args (default `['serve']`), env
 * (default: this process's environment, so GEOAPIFY_API_KEY is inherited, never configured),
 * locale, storePath, offline, clientInfo, restarts (how often a dead server is restarted; 1).
 *
 * Events: `notification` (method, params), `stderr` (text), `exit` ({code, signal, expected}).
 */
class BeaconClient extends EventEmitter {
  constructor(options = {}) {
    super();
    this.options = { binary: 'beacon', args: ['serve'], restarts: 1, ...options };
    this.process = null;
    this.ready = null; // the promise of `initialize`'s result while a server runs
    this.pending = new Map(); // id -> {resolve, reject, method}
    this.nextId = 1;
    this.deaths = 0;
    this.stopping = false;
    this.serverInfo = null;
  }

  get pid() {
    return this.process ? this.process.pid : undefined;
  }

  get isRunning() {
    return this.process !== null;
  }

  /** Starts the server (once) and resolves with `initialize`'s result. */
  start() {
    if (this.ready) return this.ready;
    if (this.deaths > this.options.restarts) {
      return Promise.reject(
        new BeaconError({
          code: SERVER_DIED,
          message: 'Beacon har stoppet og startes ikke på nytt. Kjør «Beacon: Start serveren på nytt».',
          data: { kind: 'serverExited' },
        }),
      );
    }
    this.stopping = false;
    const child = spawn(this.options.binary, this.options.args, {
      env: this.options.env || process.env,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    this.process = child;
    const parser = new FrameParser();
    child.stdout.on('data', (chunk) => {
      for (const body of parser.feed(chunk)) this._dispatch(body);
    });
    child.stderr.on('data', (chunk) => this.emit('stderr', chunk.toString('utf8')));
    child.stdin.on('error', () => {}); // a dead server: reported by 'exit'
    this.ready = new Promise((resolve, reject) => {
      child.once('error', (error) => {
        this._gone();
        const message =
          `Kunne ikke starte Beacon («${this.options.binary}»): ${error.message}. ` +
          'Sett stien i innstillingen beacon.binaryPath.';
        const failure = new BeaconError({ code: NOT_STARTED, message, data: { kind: 'spawnFailed' } });
        this._failAll(failure);
        reject(failure);
      });
      child.once('exit', (code, signal) => this._onExit(child, code, signal));
      const params = {
        processId: process.pid,
        clientInfo: this.options.clientInfo || { name: 'beacon-node' },
      };
      if (this.options.locale) params.locale = this.options.locale;
      const initializationOptions = {};
      if (this.options.storePath) initializationOptions.storePath = this.options.storePath;
      if (this.options.offline) initializationOptions.offline = true;
      if (Object.keys(initializationOptions).length) params.initializationOptions = initializationOptions;
      this._send('initialize', params).then(
        (result) => {
          this.serverInfo = result;
          resolve(result);
        },
        (error) => {
          // e.g. the store cannot be opened: let this server go; the next request tries again.
          this.stopping = true;
          child.stdin.end();
          reject(error);
        },
      );
    });
    this.ready.catch(() => {}); // callers see the rejection through request()
    return this.ready;
  }

  /** Calls `method` and resolves with its result, or rejects with a BeaconError. */
  async request(method, params) {
    await this.start();
    return this._send(method, params);
  }

  /** Sends a notification (never answered). */
  notify(method, params) {
    if (!this.process) return;
    this._write({ jsonrpc: '2.0', method, ...(params === undefined ? {} : { params }) });
  }

  /** `shutdown`, then `exit`; resolves with the exit code (kills the server after `timeoutMs`). */
  async shutdown(timeoutMs = 2000) {
    const child = this.process;
    if (!child) return null;
    const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
    const timer = setTimeout(() => child.kill('SIGTERM'), timeoutMs);
    try {
      await Promise.race([this.ready, exited]);
      if (this.process === child) {
        await Promise.race([this._send('shutdown'), exited]);
      }
    } catch {
      // Already failing: `exit` and the end of stdin finish it all the same.
    }
    this.stopping = true;
    if (this.process === child) {
      this._write({ jsonrpc: '2.0', method: 'exit' });
      child.stdin.end();
    }
    const code = await exited;
    clearTimeout(timer);
    return code;
  }

  /** Forgets past deaths, so a server that died twice may start again. */
  resetRestarts() {
    this.deaths = 0;
  }

  _send(method, params) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, method });
      this._write({ jsonrpc: '2.0', id, method, ...(params === undefined ? {} : { params }) });
    });
  }

  _write(message) {
    if (this.process && this.process.stdin.writable) this.process.stdin.write(encodeFrame(message));
  }

  _dispatch(body) {
    let message;
    try {
      message = JSON.parse(body);
    } catch {
      return;
    }
    if (message.id !== undefined && message.id !== null && ('result' in message || 'error' in message)) {
      const waiter = this.pending.get(message.id);
      if (!waiter) return;
      this.pending.delete(message.id);
      if (message.error) waiter.reject(new BeaconError(message.error, waiter.method));
      else waiter.resolve(message.result);
    } else if (typeof message.method === 'string') {
      this.emit('notification', message.method, message.params);
    }
  }

  _failAll(error) {
    const pending = [...this.pending.values()];
    this.pending.clear();
    for (const waiter of pending) waiter.reject(error);
  }

  _gone() {
    this.process = null;
    this.ready = null;
  }

  _onExit(child, code, signal) {
    if (this.process !== child) return;
    const expected = this.stopping;
    this._gone();
    if (!expected) this.deaths += 1;
    const message = expected
      ? 'Beacon ble stoppet'
      : `Beacon stoppet uventet (${signal ? `signal ${signal}` : `kode ${code}`})`;
    this._failAll(new BeaconError({ code: SERVER_DIED, message, data: { kind: 'serverExited' } }));
    this.emit('exit', { code, signal, expected });
  }
}

module.exports = { BeaconClient, BeaconError, FrameParser, encodeFrame, SERVER_DIED, NOT_STARTED, REQUEST_CANCELLED };
