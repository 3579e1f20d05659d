// The post-build step (scripts/security-headers.js) on a small dist/ of our own making, and the
// server that sends what it wrote (server/static-site.js).
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { addSecurityHeaders } from '../../scripts/security-headers.js';
import { staticSite } from '../../server/static-site.js';

const SCRIPT = 'console.log("hello, दीदी")';
const STYLE = 'p{color:red}';
const NOSCRIPT_STYLE = '.js-only{display:none}';
const CACHE_RULES = '/sw.js\n  Cache-Control: no-cache\n';

const page = (head: string, body = '<p>Hi</p>') =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title>${head}</head><body>${body}</body></html>`;
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
/** A policy's directives by name, each with its sources. */
const directives = (policy: string) =>
  new Map(policy.split(';').map((part) => part.trim().split(/\s+/)).map(([name, ...sources]) => [name!, sources]));
const metaPolicy = (html: string) => html.match(/<meta http-equiv="Content-Security-Policy" content="([^"]+)">/)?.[1] ?? '';

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'stree-dist-'));
  mkdirSync(join(dist, 'b'));
  writeFileSync(join(dist, 'index.html'), page(`<script>${SCRIPT}</script><style>${STYLE}</style>`));
  writeFileSync(join(dist, 'b', 'index.html'), page(
    '<script type="application/ld+json">{"@type":"Thing"}</script>',
    `<noscript><style>${NOSCRIPT_STYLE}</style></noscript><p>B</p>`,
  ));
  writeFileSync(join(dist, '404.html'), page('', '<h1>Unexpected Application Error!</h1>'));
  writeFileSync(join(dist, 'sw.js'), '');
  writeFileSync(join(dist, '_headers'), CACHE_RULES);
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(dist, path), 'utf8');

describe('the post-build step', () => {
  it('puts the policy straight after <meta charset>, allowing the page’s own inline code by hash', () => {
    addSecurityHeaders(dist);
    const html = read('index.html');
    expect(html).toContain('<head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy"');
    const policy = directives(metaPolicy(html));
    expect(policy.get('script-src')).toEqual(["'self'", sha256(SCRIPT)]);
    expect(policy.get('style-src')).toContain(sha256(STYLE));
    expect([...policy.values()].flat()).not.toContain("'unsafe-inline'");
    expect(policy.has('frame-ancestors')).toBe(false); // ignored by browsers in a <meta>
  });

  it('hashes a <style> inside <noscript> but not a JSON data block', () => {
    addSecurityHeaders(dist);
    const policy = directives(metaPolicy(read('b/index.html')));
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('style-src')).toContain(sha256(NOSCRIPT_STYLE));
    expect(policy.get('style-src')).not.toContain(sha256(STYLE));
  });

  it('keeps the lines already in _headers and adds the security headers for every path', () => {
    addSecurityHeaders(dist);
    const headers = read('_headers');
    expect(headers.startsWith(CACHE_RULES)).toBe(true);
    const block = headers.slice(headers.indexOf('\n/*\n'));
    const policy = directives(block.match(/Content-Security-Policy: (.+)/)?.[1] ?? '');
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('script-src')).toEqual(["'self'", sha256(SCRIPT)]);
    expect(policy.get('style-src')).toEqual(expect.arrayContaining([sha256(STYLE), sha256(NOSCRIPT_STYLE)]));
    expect(block).toMatch(/^ {2}X-Content-Type-Options: nosniff$/m);
    expect(block).toMatch(/^ {2}Referrer-Policy: strict-origin$/m);
    expect(block).toMatch(/^ {2}Permissions-Policy: .*camera=\(\).*geolocation=\(\).*microphone=\(\)/m);
  });

  it('gives the same files when it runs twice', () => {
    addSecurityHeaders(dist);
    const once = ['index.html', 'b/index.html', '_headers'].map(read);
    addSecurityHeaders(dist);
    expect(['index.html', 'b/index.html', '_headers'].map(read)).toEqual(once);
  });

  it.each([
    ['a style attribute', '<p style="color:red">x</p>', /b\/index.html: <p style=/],
    ['an event handler', '<img src="/a.png" alt="" onerror="alert(1)">', /b\/index.html: <img onerror=/],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /b\/index.html: <a href="javascript:/],
  ])('fails on %s, naming the page', (_, body, message) => {
    writeFileSync(join(dist, 'b', 'index.html'), page('', body));
    expect(() => addSecurityHeaders(dist)).toThrow(message);
  });
});

describe('the server of npm start', () => {
  let server: Server;
  let origin: string;

  beforeEach(async () => {
    addSecurityHeaders(dist);
    server = createServer(staticSite(dist));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => new Promise((done) => server.close(done)));

  it('sends the policy and headers of _headers with a page and with the 404 page', async () => {
    const expected = read('_headers').match(/Content-Security-Policy: (.+)/)?.[1];
    for (const [path, status] of [['/b/', 200], ['/nowhere', 404]] as const) {
      const response = await fetch(origin + path);
      expect(response.status).toBe(status);
      expect(response.headers.get('content-security-policy')).toBe(expected);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('adds the rules for a single file to the rules for every path', async () => {
    const response = await fetch(`${origin}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve _headers itself, as static hosts do not', async () => {
    expect((await fetch(`${origin}/_headers`)).status).toBe(404);
  });
});
