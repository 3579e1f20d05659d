// A rural uplink on this machine (docs/stories.md, "A recording in parts"): an HTTP proxy on
// loopback that Chromium sends everything through, the page's requests and its service worker's
// alike (Chromium's own network emulation does not reliably reach a worker's). It carries bytes at
// a 2G rate with a 2G delay, one link shared by every connection, counts what each request sends up,
// and can drop: cut every open connection once a number of bytes went up, and stay down (refusing
// or holding new connections) until told to come back.
//
// Plain HTTP (the local inbox) is forwarded request by request. HTTPS to a name in `routes` (the
// Apps Script stand-in under Google's names) is opened here: the proxy answers the CONNECT, speaks
// TLS to Chromium with a certificate of its own (the browser is started to ignore certificate
// errors, as for the stand-in), and forwards each request to the route's port over HTTPS, so its
// requests are counted as the inbox's are. With a proxy Chromium never resolves the names it asks
// the proxy for, so --host-resolver-rules has no say; the routes do that job here.
import { execFileSync } from 'node:child_process';
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request as httpRequest, type ClientRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { connect, createServer as createNetServer, type AddressInfo, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duplex } from 'node:stream';
import { TLSSocket } from 'node:tls';

/** A link's speed and delay. `latencyMs` is the round trip: half of it each way. */
export interface LinkProfile {
  upBitsPerSecond: number;
  downBitsPerSecond: number;
  latencyMs: number;
}

/** A 2G uplink as our visitors have it: 30–60 kbit/s up, a few times that down, half a second round trip. */
export const TWO_G: LinkProfile = { upBitsPerSecond: 40_000, downBitsPerSecond: 200_000, latencyMs: 500 };

/** Loopback without a limit: pages load at once, until a test turns the link into 2G. */
export const UNSHAPED: LinkProfile = { upBitsPerSecond: Infinity, downBitsPerSecond: Infinity, latencyMs: 0 };

/** One request as it crossed the link. */
export interface ProxiedRequest {
  id: number;
  method: string;
  /** Absolute, as the browser asked for it: `http://localhost:4440/api/stories`, `https://script.google.com/…`. */
  url: string;
  headers: IncomingMessage['headers'];
  /** The body's bytes that reached the far end of the link, in order. */
  body: Buffer[];
  bodyBytes: number;
  /** The whole body went up. */
  sent: boolean;
  /** The collector's status, once it answered. */
  status?: number;
  /** Its answer reached the browser whole. */
  answered: boolean;
  /** The link dropped, or the browser gave up, before its answer reached the browser. */
  cut: boolean;
}

/** Where a name the browser asks the proxy for (`script.google.com:443`) really is, on this machine. */
export interface Route {
  host: string;
  port: number;
}

export interface DropOptions {
  /** While down, new connections are reset at once (`refuse`, no signal at all) or accepted and left silent until the link is back (`hold`). */
  mode?: 'refuse' | 'hold';
  /** Comes back by itself after this long; without it, only `up()` brings it back. */
  downForMs?: number;
}

export interface ThrottleProxy {
  port: number;
  /** For Playwright's `proxy` option: `{ server }`. Playwright adds `<-loopback>`, so localhost goes through it too. */
  server: string;
  /** Every request, in order of arrival. */
  requests: ProxiedRequest[];
  /** Bytes that went up (browser to collector) and down since the start or the last `resetCounts()`: all of them, headers and TLS included. */
  bytesUp: () => number;
  bytesDown: () => number;
  /** Forgets the requests and the counts (after the page loaded, say, so the counts are the story's). */
  resetCounts: () => void;
  /** Sets the link's speed and delay from now on. */
  shape: (profile: LinkProfile) => void;
  /** Once `bytes` more went up, cuts every open connection and goes down. */
  dropAfter: (bytes: number, options?: DropOptions) => void;
  /** Cuts every open connection now and goes down. */
  drop: (options?: DropOptions) => void;
  /** How many times the link dropped, and whether it is down now. */
  drops: () => number;
  isDown: () => boolean;
  /** Connections accepted while the link was down, waiting for it. */
  held: () => number;
  /** Brings the link back: held connections go on, new ones are served. */
  up: () => void;
  /** Resolves with `check()`'s first truthy value, tried now and after every change (a request, a byte, a drop). */
  until: <T>(check: () => T | undefined | null | false, timeoutMs?: number) => Promise<T>;
  close: () => Promise<void>;
}

/** The slice the link carries at once: small, so connections share it and a drop lands within a kilobyte. */
const SLICE_BYTES = 1024;
/** A browser's bytes buffered in the proxy before it reads no more from that connection. */
const BUFFERED_MAX = 64 * 1024;
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'proxy-authorization', 'transfer-encoding', 'te', 'upgrade']);

/**
 * One direction of the link: what is handed to it leaves in order, at its rate (each slice is
 * transmitted once the one before it is), and arrives a half round trip after it left.
 */
class Channel {
  private freeAt = 0;
  private lastArrival = 0;
  private queue: { at: number; run: () => void }[] = [];
  private timer: NodeJS.Timeout | undefined;
  constructor(private bytesPerSecond: number, private delayMs: number) {}

  setProfile(bitsPerSecond: number, delayMs: number) {
    this.bytesPerSecond = bitsPerSecond / 8;
    this.delayMs = delayMs;
  }

  /** Carries `data`: `transmitted` once its last byte left (the sender may write more), `arrive` for each slice at the far end. */
  send(data: Buffer, transmitted: () => void, arrive: (slice: Buffer) => void) {
    const now = performance.now();
    if (data.length === 0) {
      this.schedule(Math.max(now, this.freeAt), transmitted);
      this.schedule(Math.max(this.lastArrival, Math.max(now, this.freeAt) + this.delayMs), () => arrive(data));
      return;
    }
    for (let at = 0; at < data.length; at += SLICE_BYTES) {
      const slice = data.subarray(at, at + SLICE_BYTES);
      const leaves = Math.max(now, this.freeAt) + (slice.length / this.bytesPerSecond) * 1000;
      this.freeAt = leaves;
      // Arrivals never overtake one another, even when the delay was just made shorter.
      this.lastArrival = Math.max(this.lastArrival, leaves + this.delayMs);
      this.schedule(this.lastArrival, () => arrive(slice));
      if (at + SLICE_BYTES >= data.length) this.schedule(leaves, transmitted);
    }
  }

  /** Forgets everything on the way: a dropped link loses what was in the air. */
  clear() {
    this.queue = [];
    clearTimeout(this.timer);
    this.timer = undefined;
    this.freeAt = 0;
    this.lastArrival = 0;
  }

  private schedule(at: number, run: () => void) {
    // Kept sorted by time; equal times keep their order.
    let index = this.queue.length;
    while (index > 0 && this.queue[index - 1]!.at > at) index -= 1;
    this.queue.splice(index, 0, { at, run });
    if (index === 0) this.arm();
  }

  private arm() {
    clearTimeout(this.timer);
    const head = this.queue[0];
    if (!head) return;
    this.timer = setTimeout(() => this.fire(), Math.max(0, head.at - performance.now()));
  }

  private fire() {
    const now = performance.now();
    while (this.queue.length > 0 && this.queue[0]!.at <= now) this.queue.shift()!.run();
    this.arm();
  }
}

/** The browser's side of one connection as the proxy's HTTP server sees it: the raw socket, through the link. */
class ShapedConnection extends Duplex {
  private buffered = 0;
  constructor(readonly raw: Socket, private readonly link: Link) {
    super();
    raw.on('data', (chunk: Buffer) => {
      this.buffered += chunk.length;
      if (this.buffered > BUFFERED_MAX) raw.pause();
      link.up.send(chunk, () => {
        this.buffered -= chunk.length;
        if (this.buffered <= BUFFERED_MAX) raw.resume();
      }, (slice) => link.arrivedUp(this, slice));
    });
    raw.on('end', () => link.up.send(Buffer.alloc(0), () => {}, () => this.push(null)));
    raw.on('error', () => this.destroy());
    raw.on('close', () => this.destroy());
  }

  /** Called by the link for each slice that reached the proxy. */
  deliver(slice: Buffer) {
    if (!this.destroyed) this.push(slice);
  }

  override _read() {}

  override _write(chunk: Buffer, _encoding: BufferEncoding, done: (error?: Error | null) => void) {
    this.link.down.send(chunk, () => done(), (slice) => {
      this.link.arrivedDown(slice);
      if (!this.raw.destroyed) this.raw.write(slice);
    });
  }

  override _final(done: (error?: Error | null) => void) {
    this.link.down.send(Buffer.alloc(0), () => done(), () => this.raw.end());
  }

  override _destroy(error: Error | null, done: (error?: Error | null) => void) {
    this.raw.destroy();
    done(error);
  }

  // What Node's HTTP server asks of a socket; the raw socket's own settings do not matter here.
  setTimeout() {
    return this;
  }
  setNoDelay() {
    return this;
  }
  setKeepAlive() {
    return this;
  }
}

/** Both directions, the counts, and the drop. */
class Link extends EventEmitter {
  up = new Channel(Infinity, 0);
  down = new Channel(Infinity, 0);
  bytesUp = 0;
  bytesDown = 0;
  drops = 0;
  downMode: 'refuse' | 'hold' | undefined;
  private dropAt: { bytes: number; options: DropOptions } | undefined;
  readonly connections = new Set<ShapedConnection>();
  readonly upstreams = new Set<ClientRequest | Socket>();
  readonly held: Socket[] = [];
  private comeBack: NodeJS.Timeout | undefined;

  constructor() {
    super();
    // Every `until` a test has running listens here.
    this.setMaxListeners(0);
  }

  shape({ upBitsPerSecond, downBitsPerSecond, latencyMs }: LinkProfile) {
    this.up.setProfile(upBitsPerSecond, latencyMs / 2);
    this.down.setProfile(downBitsPerSecond, latencyMs / 2);
  }

  arrivedUp(connection: ShapedConnection, slice: Buffer) {
    // A connection the browser closed sends nothing more: what it left in the queue never went.
    if (connection.destroyed) return;
    if (this.dropAt && this.bytesUp + slice.length >= this.dropAt.bytes) {
      const { bytes, options } = this.dropAt;
      const reaching = slice.subarray(0, bytes - this.bytesUp);
      this.bytesUp += reaching.length;
      connection.deliver(reaching);
      this.drop(options);
      return;
    }
    this.bytesUp += slice.length;
    connection.deliver(slice);
    this.emit('change');
  }

  arrivedDown(slice: Buffer) {
    this.bytesDown += slice.length;
  }

  dropAfter(bytes: number, options: DropOptions = {}) {
    this.dropAt = { bytes: this.bytesUp + bytes, options };
  }

  drop({ mode = 'refuse', downForMs }: DropOptions = {}) {
    this.dropAt = undefined;
    this.drops += 1;
    this.downMode = mode;
    this.up.clear();
    this.down.clear();
    // The collector gets what already arrived, then sees each open request end before its body
    // did, as when a phone loses signal: the connection is closed once its bytes are written.
    for (const upstream of this.upstreams) {
      const socket = 'socket' in upstream ? upstream.socket : upstream;
      if (socket && !socket.connecting) socket.end();
      else upstream.destroy();
    }
    for (const connection of this.connections) connection.raw.resetAndDestroy();
    clearTimeout(this.comeBack);
    if (downForMs !== undefined) this.comeBack = setTimeout(() => this.restore(), downForMs);
    this.emit('change');
  }

  restore() {
    clearTimeout(this.comeBack);
    this.downMode = undefined;
    this.emit('change');
    this.emit('up');
  }
}

/** A certificate for `names`, made now: the proxy's for the names it answers TLS for (Chromium is started to accept it unsigned). */
export function selfSignedCertificate(names: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'stree-proxy-'));
  try {
    execFileSync('openssl', [
      'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
      '-subj', `/CN=${names[0] ?? 'localhost'}`, '-addext', `subjectAltName=${names.map((name) => `DNS:${name}`).join(',')}`,
      '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'),
    ], { stdio: 'ignore' });
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The headers a proxy passes on: the raw list, less those that belong to one hop. */
function endToEnd(rawHeaders: string[]) {
  const kept: string[] = [];
  for (let i = 0; i < rawHeaders.length; i += 2) {
    if (!HOP_BY_HOP.has(rawHeaders[i]!.toLowerCase())) kept.push(rawHeaders[i]!, rawHeaders[i + 1]!);
  }
  return kept;
}

/**
 * Starts the proxy on a free port of 127.0.0.1, unshaped. `routes` maps `name:port` as the browser
 * asks for it (`script.google.com:443`) to where it is served; loopback names are served as asked.
 */
export async function startThrottleProxy({ routes = {} }: { routes?: Record<string, Route> } = {}): Promise<ThrottleProxy> {
  const link = new Link();
  const requests: ProxiedRequest[] = [];
  const changed = () => link.emit('change');
  const routedNames = [...new Set(Object.keys(routes).map((key) => key.replace(/:\d+$/, '')))];
  const tls = routedNames.length > 0 ? selfSignedCertificate(routedNames) : undefined;
  /** The name and port each opened TLS connection was asked for in its CONNECT. */
  const tunnels = new WeakMap<object, { name: string; port: number }>();

  /** Forwards one request, counting its body as it arrives from the link. */
  const forward = (req: IncomingMessage, res: ServerResponse) => {
    const tunnel = tunnels.get(req.socket);
    const url = tunnel ? new URL(req.url ?? '/', `https://${tunnel.name}${tunnel.port === 443 ? '' : `:${tunnel.port}`}`) : new URL(req.url ?? '/');
    const route = tunnel ? routes[`${tunnel.name}:${tunnel.port}`] : LOOPBACK.has(url.hostname) ? { host: '127.0.0.1', port: Number(url.port) || 80 } : undefined;
    const record: ProxiedRequest = {
      id: requests.length + 1, method: req.method ?? '', url: url.href, headers: req.headers,
      body: [], bodyBytes: 0, sent: false, answered: false, cut: false,
    };
    requests.push(record);
    changed();
    if (!route) {
      res.writeHead(502, { 'Content-Type': 'text/plain' }).end('This proxy reaches only this machine.');
      return;
    }
    const upstream = (tunnel ? httpsRequest : httpRequest)({
      host: route.host, port: route.port, method: req.method, path: url.pathname + url.search,
      headers: endToEnd(req.rawHeaders), agent: false,
      ...(tunnel ? { servername: tunnel.name, rejectUnauthorized: false } : {}),
    });
    link.upstreams.add(upstream);
    upstream.on('close', () => link.upstreams.delete(upstream));
    req.on('data', (chunk: Buffer) => {
      record.body.push(chunk);
      record.bodyBytes += chunk.length;
      upstream.write(chunk);
      changed();
    });
    req.on('end', () => {
      record.sent = true;
      upstream.end();
      changed();
    });
    res.on('finish', () => {
      record.answered = true;
      changed();
    });
    res.on('close', () => {
      if (record.answered) return;
      record.cut = true;
      upstream.destroy();
      changed();
    });
    upstream.on('response', (answer) => {
      record.status = answer.statusCode;
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.rawHeaders));
      answer.pipe(res);
      changed();
    });
    upstream.on('error', () => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain' }).end('The collector could not be reached.');
      else res.destroy();
    });
  };

  const http = createHttpServer({ keepAliveTimeout: 120_000 }, forward);
  http.on('connect', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const [, name = '', port = '443'] = (req.url ?? '').match(/^\[?([^\]]*?)\]?:(\d+)$/) ?? [];
    const route = routes[`${name}:${port}`];
    if (route && tls) {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) socket.unshift(head);
      const secure = new TLSSocket(socket, { isServer: true, ...tls });
      secure.on('error', () => secure.destroy());
      tunnels.set(secure, { name, port: Number(port) });
      http.emit('connection', secure);
      return;
    }
    if (!LOOPBACK.has(name)) {
      socket.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    // Another port of this machine over TLS: carried as it is (shaped all the same), not opened.
    const far = connect(Number(port), '127.0.0.1', () => {
      socket.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      if (head.length > 0) far.write(head);
      socket.pipe(far).pipe(socket);
    });
    link.upstreams.add(far);
    far.on('close', () => link.upstreams.delete(far));
    far.on('error', () => socket.destroy());
    socket.on('error', () => far.destroy());
  });

  const serve = (raw: Socket) => {
    const connection = new ShapedConnection(raw, link);
    // A held connection was paused while it waited.
    raw.resume();
    link.connections.add(connection);
    connection.on('close', () => link.connections.delete(connection));
    connection.on('error', () => {});
    http.emit('connection', connection);
  };

  const front = createNetServer((raw) => {
    raw.on('error', () => {});
    if (link.downMode === 'refuse') return raw.resetAndDestroy();
    if (link.downMode === 'hold') {
      raw.pause();
      link.held.push(raw);
      changed();
      return;
    }
    serve(raw);
  });
  link.on('up', () => {
    for (const raw of link.held.splice(0)) if (!raw.destroyed) serve(raw);
  });
  await new Promise<void>((done) => front.listen(0, '127.0.0.1', done));
  const { port } = front.address() as AddressInfo;

  return {
    port,
    server: `http://127.0.0.1:${port}`,
    requests,
    bytesUp: () => link.bytesUp,
    bytesDown: () => link.bytesDown,
    resetCounts: () => {
      requests.length = 0;
      link.bytesUp = 0;
      link.bytesDown = 0;
      link.drops = 0;
    },
    shape: (profile) => link.shape(profile),
    dropAfter: (bytes, options) => link.dropAfter(bytes, options),
    drop: (options) => link.drop(options),
    drops: () => link.drops,
    isDown: () => link.downMode !== undefined,
    held: () => link.held.filter((raw) => !raw.destroyed).length,
    up: () => link.restore(),
    until: (check, timeoutMs = 0) =>
      new Promise((resolve, reject) => {
        let timer: NodeJS.Timeout | undefined;
        const test = () => {
          const value = check();
          if (!value) return;
          link.off('change', test);
          clearTimeout(timer);
          resolve(value);
        };
        link.on('change', test);
        if (timeoutMs > 0) {
          timer = setTimeout(() => {
            link.off('change', test);
            reject(new Error(`The link never reached what was waited for in ${timeoutMs} ms`));
          }, timeoutMs);
        }
        test();
      }),
    close: async () => {
      link.drop();
      for (const raw of link.held.splice(0)) raw.destroy();
      http.close();
      await new Promise<void>((done) => front.close(() => done()));
    },
  };
}
