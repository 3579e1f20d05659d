// The 2G link the end-to-end tests send stories over (tests/e2e/throttle-proxy.ts), on its own:
// small bodies through it, timed and counted at a collector on this machine, cut by a drop, and the
// link down then back. Bodies are a few kilobytes, so each test takes a second or two.
import { once } from 'node:events';
import { createServer, request, type IncomingMessage, type Server } from 'node:http';
import { createServer as createHttpsServer, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { connect as tlsConnect } from 'node:tls';
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { TWO_G, selfSignedCertificate, startThrottleProxy, type ThrottleProxy } from '../e2e/throttle-proxy';

/** What the collector behind the proxy received: each request's Host, body length, whether it ended whole, and whether it is over. */
interface Arrival {
  host: string;
  bytes: number;
  whole: boolean;
  closed: boolean;
  at: number;
}

let proxy: ThrottleProxy;
let collector: Server;
let collectorPort: number;
let arrivals: Arrival[];

/** Reads each request whole (or until it is cut) and answers `answerBytes` bytes. */
function collect(req: IncomingMessage, res: import('node:http').ServerResponse, answerBytes = 100) {
  const arrival: Arrival = { host: req.headers.host ?? '', bytes: 0, whole: false, closed: false, at: 0 };
  arrivals.push(arrival);
  req.on('data', (chunk: Buffer) => (arrival.bytes += chunk.length));
  req.on('close', () => (arrival.closed = true));
  req.on('end', () => {
    Object.assign(arrival, { whole: true, at: performance.now() });
    res.writeHead(200, { 'Content-Type': 'application/octet-stream' }).end(Buffer.alloc(answerBytes, 1));
  });
}

beforeEach(async () => {
  arrivals = [];
  collector = createServer((req, res) => collect(req, res, Number(new URL(req.url ?? '/', 'http://x').searchParams.get('answer') ?? 100)));
  await new Promise<void>((done) => collector.listen(0, '127.0.0.1', done));
  collectorPort = (collector.address() as AddressInfo).port;
  proxy = await startThrottleProxy();
});

afterEach(async () => {
  await proxy.close();
  collector.closeAllConnections();
  await new Promise((done) => collector.close(done));
});

/** POSTs `bytes` to the collector through the proxy, as Chromium asks a proxy: the whole address on the request line. */
function post(bytes: number, path = '/api/stories') {
  return new Promise<{ status: number; body: Buffer }>((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port: proxy.port, method: 'POST', path: `http://localhost:${collectorPort}${path}`, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(Buffer.alloc(bytes, 'a'));
  });
}

describe('over 2G', () => {
  test('a body goes up at 40 kbit/s after half a round trip, and its bytes are counted', async () => {
    proxy.shape(TWO_G);
    const started = performance.now();
    const answer = await post(5_000, '/api/stories?answer=10000');
    expect(answer.status).toBe(200);
    expect(answer.body.length).toBe(10_000);
    // 5,000 bytes and a few hundred of headers at 5,000 bytes a second, then 250 ms in the air.
    const upSeconds = (arrivals[0]!.at - started) / 1000;
    expect(upSeconds).toBeGreaterThanOrEqual(5_000 / 5_000 + 0.25);
    expect(upSeconds).toBeLessThan(2 * (5_300 / 5_000 + 0.25));
    expect(arrivals).toEqual([expect.objectContaining({ bytes: 5_000, whole: true })]);
    expect(proxy.requests).toEqual([expect.objectContaining({
      method: 'POST', url: `http://localhost:${collectorPort}/api/stories?answer=10000`, bodyBytes: 5_000, sent: true, status: 200, answered: true, cut: false,
    })]);
    expect(Buffer.concat(proxy.requests[0]!.body).equals(Buffer.alloc(5_000, 'a'))).toBe(true);
    expect(proxy.bytesUp()).toBeGreaterThan(5_000);
    expect(proxy.bytesUp()).toBeLessThan(5_400);
    // The answer comes down five times faster: 10,000 bytes in well under the 2 s it would take up.
    expect(proxy.bytesDown()).toBeGreaterThan(10_000);
    expect((performance.now() - arrivals[0]!.at) / 1000).toBeLessThan(10_200 / 25_000 + 0.25 + 1);
  });

  test('two connections share the one uplink', async () => {
    proxy.shape(TWO_G);
    const started = performance.now();
    await Promise.all([post(2_500), post(2_500)]);
    // Alone, each would be up in 0.5 s and a little; sharing, the later one ends after both went.
    const last = Math.max(...arrivals.map((arrival) => arrival.at));
    expect((last - started) / 1000).toBeGreaterThanOrEqual(5_000 / 5_000 + 0.25);
  });
});

describe('a drop', () => {
  test('cuts the request in flight once the bytes went up: the collector sees it end early, the sender sees an error', async () => {
    proxy.shape(TWO_G);
    proxy.dropAfter(2_000);
    await expect(post(5_000)).rejects.toThrow();
    await proxy.until(() => proxy.requests[0]?.cut);
    expect(proxy.bytesUp()).toBe(2_000);
    expect(proxy.drops()).toBe(1);
    expect(proxy.isDown()).toBe(true);
    expect(proxy.requests[0]).toEqual(expect.objectContaining({ sent: false, answered: false, cut: true }));
    expect(proxy.requests[0]!.bodyBytes).toBeLessThan(2_000);
    await expect.poll(() => arrivals[0]?.closed).toBe(true);
    expect(arrivals[0]).toEqual(expect.objectContaining({ bytes: proxy.requests[0]!.bodyBytes, whole: false }));
    expect(arrivals[0]!.bytes).toBeGreaterThan(0);
  });

  test('refuses new connections while down, and serves them again once up', async () => {
    proxy.drop();
    await expect(post(100)).rejects.toThrow(/ECONNRESET|socket hang up/);
    expect(arrivals).toEqual([]);
    proxy.up();
    expect((await post(100)).status).toBe(200);
    expect(arrivals).toEqual([expect.objectContaining({ bytes: 100, whole: true })]);
  });

  test('in hold mode, a connection made while down waits silently and goes on once the link is back', async () => {
    proxy.drop({ mode: 'hold' });
    const sent = post(100);
    await proxy.until(() => proxy.held() === 1);
    expect(arrivals).toEqual([]);
    proxy.up();
    expect((await sent).status).toBe(200);
    expect(arrivals).toEqual([expect.objectContaining({ bytes: 100, whole: true })]);
  });

  test('comes back by itself after downForMs', async () => {
    proxy.drop({ downForMs: 200 });
    expect(proxy.isDown()).toBe(true);
    await proxy.until(() => !proxy.isDown(), 5_000);
    expect((await post(10)).status).toBe(200);
  });
});

describe('HTTPS under a routed name', () => {
  test('the CONNECT is answered by the proxy, and each request inside is forwarded to the route, counted by its address', async () => {
    const secure = createHttpsServer(selfSignedCertificate(['localhost']), (req, res) => collect(req, res));
    await new Promise<void>((done) => secure.listen(0, '127.0.0.1', done));
    await proxy.close();
    proxy = await startThrottleProxy({ routes: { 'script.google.com:443': { host: '127.0.0.1', port: (secure.address() as AddressInfo).port } } });
    try {
      const tunnel = request({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: 'script.google.com:443', agent: false });
      tunnel.end();
      const [answer, socket] = (await once(tunnel, 'connect')) as [IncomingMessage, import('node:net').Socket];
      expect(answer.statusCode).toBe(200);
      const tls = tlsConnect({ socket, servername: 'script.google.com', rejectUnauthorized: false });
      const status = await new Promise<number>((resolve, reject) => {
        const req = httpsRequest({ createConnection: () => tls, headers: { Host: 'script.google.com' }, method: 'POST', path: '/macros/s/TEST/exec?key=k1' });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve(res.statusCode ?? 0));
        });
        req.on('error', reject);
        req.end(Buffer.alloc(3_000, 'b'));
      });
      expect(status).toBe(200);
      expect(arrivals).toEqual([expect.objectContaining({ host: 'script.google.com', bytes: 3_000, whole: true })]);
      expect(proxy.requests).toEqual([expect.objectContaining({ method: 'POST', url: 'https://script.google.com/macros/s/TEST/exec?key=k1', bodyBytes: 3_000, answered: true })]);
      // What went up is the TLS records: the body, its headers and the handshake.
      expect(proxy.bytesUp()).toBeGreaterThan(3_000);
    } finally {
      secure.closeAllConnections();
      await new Promise((done) => secure.close(done));
    }
  });

  test('names that are neither routed nor this machine are not reached', async () => {
    const tunnel = request({ host: '127.0.0.1', port: proxy.port, method: 'CONNECT', path: 'example.com:443', agent: false });
    tunnel.end();
    const [answer] = (await once(tunnel, 'connect')) as [IncomingMessage];
    expect(answer.statusCode).toBe(403);
    const plain = await new Promise<number>((resolve, reject) => {
      request({ host: '127.0.0.1', port: proxy.port, path: 'http://example.com/', agent: false })
        .on('response', (res) => resolve(res.statusCode ?? 0)).on('error', reject).end();
    });
    expect(plain).toBe(502);
  });
});
