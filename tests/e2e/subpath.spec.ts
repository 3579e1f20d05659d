// One site built for a sub-path (BASE_PATH=/stree/, by tests/build-elsewhere.js, which also sends
// its stories to Apps Script, as such a host has no inbox) and served only there, as GitHub Pages
// serves a project: every page, link, asset, share card, precached file
// and the service worker itself must stay below /stree/ (README, "Deploy").
import { existsSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { EDITOR_FOLDER } from '../../src/build-time/dist-files.js';
import { parse } from 'parse5';
import { ELSEWHERE_BASE as BASE, ELSEWHERE_DIST as DIST } from '../build-elsewhere.js';
import { staticSite } from '../../server/static-site.js';
import { bannerHeadings } from './content';
import { WHOLE_RUN } from './runs';

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
}

let server: Server;
let origin: string;

test.beforeAll(async () => {
  if (!existsSync(join(DIST, 'home', 'index.html'))) throw new Error('no sub-path build: tests/build-for-e2e.js makes it before the tests run');
  server = createServer(staticSite(DIST, { base: BASE }));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

test.afterAll(() => new Promise<void>((done) => server.close(() => done())));

/**
 * A URL a file names. `isSiteAddress`: it names the public site (canonical, share card, sitemap),
 * so even written with the SITE_URL host it must lead below the sub-path.
 */
interface Ref {
  url: string;
  isSiteAddress?: boolean;
}

/** Every URL a page names: links, assets, island scripts, srcsets, the noscript refresh, meta images. */
function htmlRefs(html: string): Ref[] {
  const refs: Ref[] = [];
  const visit = (node: HtmlNode) => {
    const attrs = Object.fromEntries((node.attrs ?? []).map(({ name, value }) => [name, value]));
    const isCanonical = node.nodeName === 'link' && attrs.rel === 'canonical';
    for (const name of ['href', 'src', 'component-url', 'renderer-url']) {
      if (attrs[name]) refs.push({ url: attrs[name], isSiteAddress: isCanonical });
    }
    if (attrs.srcset) refs.push(...attrs.srcset.split(/,\s+/).map((candidate) => ({ url: candidate.trim().split(/\s+/)[0]! })));
    if (node.nodeName === 'meta' && /^(og:image|og:url)$/.test(attrs.property ?? '')) {
      refs.push({ url: attrs.content!, isSiteAddress: true });
    }
    const refresh = node.nodeName === 'meta' && attrs['http-equiv'] === 'refresh' && attrs.content?.match(/url=(.+)$/i);
    if (refresh) refs.push({ url: refresh[1]! });
    for (const child of node.childNodes ?? []) visit(child);
    if (node.content) visit(node.content);
  };
  visit(parse(html, { scriptingEnabled: false }) as HtmlNode);
  return refs;
}

/** URLs inside other files the site serves: chunk imports, CSS url(), the precache list, the manifest, robots, sitemaps. */
function otherRefs(path: string, text: string): Ref[] {
  const found = (pattern: RegExp, isSiteAddress = false) =>
    [...text.matchAll(pattern)].map((match) => ({ url: match[1]!, isSiteAddress }));
  if (path.endsWith('.js')) {
    return [...found(/(?:from|import)\s*\(?\s*["'`](\.{1,2}\/[^"'`]+)["'`]/g), ...found(/"url":"([^"]+)"/g)];
  }
  if (path.endsWith('.css')) return found(/url\(\s*['"]?([^'")]+)/g);
  if (path.endsWith('.webmanifest')) {
    const manifest = JSON.parse(text) as { start_url: string; scope: string; icons: { src: string }[] };
    return [manifest.start_url, manifest.scope, ...manifest.icons.map((icon) => icon.src)].map((url) => ({ url }));
  }
  if (path.endsWith('robots.txt')) return found(/^Sitemap:\s*(\S+)/gm, true);
  if (path.endsWith('.xml')) {
    // XML escapes & in a <loc>, as in /salaamstree/Health%20&amp;%20Hygiene/.
    return found(/<loc>([^<]+)<\/loc>/g, true).map(({ url }) => ({ url: url.replaceAll('&amp;', '&'), isSiteAddress: true }));
  }
  return [];
}

/** Visitors' pages: the editors' /admin/ is reached by no link, on purpose (docs/admin.md). */
function htmlFiles(dir: string): number {
  return readdirSync(dir, { withFileTypes: true }).reduce(
    (count, entry) =>
      count +
      (entry.isDirectory()
        ? dir === DIST && entry.name === EDITOR_FOLDER ? 0 : htmlFiles(join(dir, entry.name))
        : entry.name.endsWith('.html') ? 1 : 0),
    0,
  );
}

test('every page, link, asset, share card and precached file resolves below the sub-path', async () => {
  // The public address (SITE_URL) that canonical links and share cards name: read from the splash.
  const splash = await (await fetch(`${origin}${BASE}`)).text();
  const site = new URL(splash.match(/<link rel="canonical" href="([^"]+)"/)![1]!).origin;
  // The story inbox's thank-you page is reached only by its redirect (docs/stories.md).
  const start = ['', 'robots.txt', 'sw.js', '404.html', 'story-sent/'].map((path) => `${origin}${BASE}${path}`);
  const queue = [...start];
  const seen = new Set(queue);
  const failures: string[] = [];
  const pages = new Set<string>(); // by folder: /home, /home/ and /home/index.html are one page

  while (queue.length > 0) {
    const url = queue.shift()!;
    const response = await fetch(url);
    const path = new URL(url).pathname;
    if (response.status !== 200) failures.push(`${decodeURI(path)}: ${response.status}`);
    const type = response.headers.get('content-type') ?? '';
    const isText = /html|javascript|css|json|manifest|xml|text\/plain/.test(type) || /\.(js|css|webmanifest|xml|txt)$/.test(path);
    const text = isText ? await response.text() : (await response.arrayBuffer(), '');
    const isPage = type.includes('html');
    if (isPage) pages.add(path.replace(/\/index\.html$/, '/').replace(/^(.*\/[^./]+)$/, '$1/'));
    for (const ref of isPage ? htmlRefs(text) : otherRefs(path, text)) {
      if (ref.url.startsWith('#') || /^(mailto|tel|data):/.test(ref.url)) continue;
      const target = new URL(ref.url, url);
      target.hash = '';
      // Addresses of the public site are checked on this copy of it; other links are not ours
      // (the sample documents live on the sample SITE_URL's host, outside the site).
      if (target.origin === site && (ref.isSiteAddress || target.pathname.startsWith(BASE))) target.href = origin + target.pathname;
      if (target.origin !== origin) continue;
      if (!target.pathname.startsWith(BASE)) failures.push(`${decodeURI(path)} names ${target.pathname}, outside ${BASE}`);
      if (!seen.has(target.href)) {
        seen.add(target.href);
        queue.push(target.href);
      }
    }
  }

  expect(failures).toEqual([]);
  // Every built page was reached: each has a link, a sitemap entry or a precache entry leading to it.
  expect(pages.size).toBe(htmlFiles(DIST));
});

test('under the sub-path the splash leads to /stree/home, and the worker keeps it for offline', WHOLE_RUN, async ({ page, context }) => {
  const failed: string[] = [];
  page.on('response', (response) => {
    if (response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  });
  await page.clock.install();
  await page.goto(`${origin}${BASE}`);
  await page.clock.runFor(3000); // specification §9: the splash shows for 3 s
  await expect(page).toHaveURL(`${origin}${BASE}home`);
  await expect(page.getByRole('heading', { name: bannerHeadings()[0] })).toBeVisible();

  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
  expect(scope).toBe(`${origin}${BASE}`);
  await page.evaluate(async () => {
    if (navigator.serviceWorker.controller) return;
    await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
  });
  expect(failed).toEqual([]);

  await context.setOffline(true);
  await page.goto(`${origin}${BASE}home`);
  await expect(page.getByRole('heading', { name: bannerHeadings()[0] })).toBeVisible();
  await page.goto(`${origin}${BASE}handmade/`);
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
});
