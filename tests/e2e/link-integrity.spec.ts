// Every link and asset in the built site resolves inside dist/, every page can be found from /home,
// nothing loads from another host (docs/design.md, "Where we do better": no request to another origin
// while a page loads) and every new-tab link drops opener and referrer (docs/design.md, footer).
// It reads dist/ directly, no browser: it lives with the e2e tests because they run after the build.
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'parse5';
import { EDITOR_FOLDER } from '../../src/build-time/dist-files.js';
import { LOCALES, editionFolder } from '../../src/lib/addresses';

const DIST = join(process.cwd(), 'dist');
const HOME = 'home/index.html';
const SPLASH = 'index.html';
const NOT_FOUND = '404.html';
/** Shown by the service worker in place of a page not saved on the phone: no link leads to it. */
const OFFLINE = 'offline/index.html';
/** Where the story inbox redirects a plain form post once saved (docs/stories.md): no link leads to it. */
const STORY_SENT = 'story-sent/index.html';
/** Where the service worker redirects a plain form post it kept offline: no link leads to it. */
const STORY_KEPT = 'story-kept/index.html';
/** Any origin will do: it only lets `URL` resolve references against a page's path. */
const BASE = 'http://dist.invalid';
/** `<link rel>` values that make the browser fetch something as the page loads. */
const FETCHING_RELS = ['stylesheet', 'icon', 'shortcut', 'apple-touch-icon', 'preload', 'modulepreload',
  'prefetch', 'preconnect', 'dns-prefetch', 'manifest'];

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
  value?: string;
}

/** One URL written in a page, with where it came from for the failure message. */
interface Reference {
  page: string;
  where: string;
  url: string;
  /** A link a visitor follows (a, area, meta refresh), as opposed to something the page loads. */
  isNavigation: boolean;
  /** Whether the browser fetches it while the page loads (a `<link>` only for some rels). */
  isLoaded: boolean;
}

interface Page {
  file: string;
  ids: Set<string>;
  refs: Reference[];
  /** `<a target="_blank">` links, with their rel. */
  newTabLinks: { href: string; rel: string }[];
  /** Text of inline `<style>` blocks and `style` attributes. */
  css: string[];
}

function walk(node: HtmlNode, visit: (node: HtmlNode) => void) {
  visit(node);
  for (const child of node.childNodes ?? []) walk(child, visit);
  if (node.content) walk(node.content, visit);
}

const attr = (node: HtmlNode, name: string) => node.attrs?.find((a) => a.name === name)?.value;

/** The URLs of a `srcset`: comma-separated candidates, each a URL and an optional descriptor. */
function srcsetUrls(srcset: string): string[] {
  return srcset
    .split(/,\s+/)
    .map((candidate) => candidate.trim().split(/\s+/)[0] ?? '')
    .filter(Boolean);
}

function readPage(file: string): Page {
  // Scripting off, so <noscript> content is parsed as elements: its links count too.
  const document = parse(readFileSync(join(DIST, file), 'utf8'), { scriptingEnabled: false }) as HtmlNode;
  const page: Page = { file, ids: new Set(), refs: [], newTabLinks: [], css: [] };
  const add = (node: HtmlNode, name: string, url: string, isNavigation = false) =>
    page.refs.push({ page: file, where: `<${node.nodeName} ${name}>`, url, isNavigation, isLoaded: !isNavigation });

  walk(document, (node) => {
    const tag = node.nodeName;
    const id = attr(node, 'id');
    if (id) page.ids.add(id);
    if (tag === 'a' && attr(node, 'name')) page.ids.add(attr(node, 'name')!);
    const style = attr(node, 'style');
    if (style) page.css.push(style);
    if (tag === 'style') page.css.push((node.childNodes ?? []).map((c) => c.value ?? '').join(''));

    if ((tag === 'a' || tag === 'area') && attr(node, 'href') !== undefined) {
      add(node, 'href', attr(node, 'href')!, true);
      if (attr(node, 'target') === '_blank') page.newTabLinks.push({ href: attr(node, 'href')!, rel: attr(node, 'rel') ?? '' });
    }
    if (tag === 'meta' && attr(node, 'http-equiv')?.toLowerCase() === 'refresh') {
      const url = attr(node, 'content')?.match(/url\s*=\s*['"]?([^'"]+)/i)?.[1];
      if (url) add(node, 'content', url.trim(), true);
    }
    if (tag === 'link' && attr(node, 'href') !== undefined) {
      const rels = (attr(node, 'rel') ?? '').toLowerCase().split(/\s+/);
      add(node, `href rel="${attr(node, 'rel') ?? ''}"`, attr(node, 'href')!);
      // canonical or alternate links may name the site's public host without loading anything.
      page.refs.at(-1)!.isLoaded = rels.some((rel) => FETCHING_RELS.includes(rel));
    }
    for (const name of ['src', 'poster', 'data', 'component-url', 'renderer-url']) {
      const value = attr(node, name);
      if (value !== undefined && tag !== 'a') add(node, name, value);
    }
    const srcset = attr(node, 'srcset');
    if (srcset) for (const url of srcsetUrls(srcset)) add(node, 'srcset', url);
    for (const name of ['href', 'xlink:href']) {
      const value = attr(node, name);
      if (value !== undefined && (tag === 'use' || tag === 'image')) add(node, name, value);
    }
  });
  return page;
}

function listFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? listFiles(path) : [relative(DIST, path).split(sep).join('/')];
  });
}

const isExternal = (url: string) => /^(https?:)?\/\//i.test(url.trim());
/** mailto:, tel:, data: and the like: not files, not hosts. */
const hasOtherScheme = (url: string) => /^[a-z][a-z0-9+.-]*:/i.test(url.trim()) && !isExternal(url);

/** The URL paths a page answers at: `home/index.html` at `/home` and `/home/`. */
function pageUrls(file: string): string[] {
  const encoded = `/${file.split('/').map(encodeURIComponent).join('/')}`;
  if (file === 'index.html') return ['/'];
  if (!file.endsWith('/index.html')) return [encoded];
  const folder = encoded.slice(0, -'index.html'.length);
  return [folder.slice(0, -1), folder];
}

/**
 * The dist/ file a URL path names, as a static host finds it: the file itself, or `x/index.html`
 * for `/x` and `/x/`. `decode` is how the host decodes the path.
 */
function fileFor(pathname: string, files: Set<string>, decode: (s: string) => string): string | undefined {
  let path: string;
  try {
    path = decode(pathname).replace(/^\/+/, '');
  } catch {
    return undefined;
  }
  const candidates = path === '' || path.endsWith('/') ? [`${path}index.html`] : [path, `${path}.html`, `${path}/index.html`];
  return candidates.find((candidate) => files.has(candidate));
}

type Resolution = { file: string; hash: string } | { error: string };

/** Where an internal reference leads, from every address its page answers at. */
function resolve(ref: Reference, files: Set<string>): Resolution {
  const targets = pageUrls(ref.page).map((from) => new URL(ref.url.trim(), BASE + from));
  const found = new Set<string>();
  for (const { pathname } of targets) {
    // Hosts differ: sirv (npm start) decodes with decodeURI and leaves %26 as it is; others decode it all.
    const byUri = fileFor(pathname, files, decodeURI);
    const byComponent = fileFor(pathname, files, decodeURIComponent);
    if (!byUri && !byComponent) return { error: `no file in dist for ${pathname}` };
    if (byUri !== byComponent) return { error: `${pathname} resolves on some hosts only (decodeURI → ${byUri}, full decoding → ${byComponent})` };
    found.add(byUri!);
  }
  if (found.size > 1) return { error: `a relative URL that leads to different files from /x and /x/: ${[...found].join(', ')}` };
  return { file: [...found][0]!, hash: targets[0]!.hash };
}

const describeRef = (ref: Reference) => `${ref.page}: ${ref.where} ${JSON.stringify(ref.url)}`;

let files: Set<string>;
let pages: Map<string, Page>;

test.beforeAll(() => {
  if (!existsSync(join(DIST, HOME))) throw new Error('run npm run build first');
  files = new Set(listFiles(DIST));
  // Visitors' pages: the editors' /admin/ is linked from nowhere on purpose and loads its own files (docs/admin.md).
  pages = new Map([...files].filter((f) => f.endsWith('.html') && !f.startsWith(`${EDITOR_FOLDER}/`)).map((f) => [f, readPage(f)]));
});

const allRefs = () => [...pages.values()].flatMap((page) => page.refs);
const internalRefs = () =>
  allRefs().filter((ref) => ref.url.trim() !== '' && !isExternal(ref.url) && !hasOtherScheme(ref.url) && !ref.url.trim().startsWith('#'));

test('every internal link and asset of every page resolves to a file in dist', () => {
  const refs = internalRefs();
  expect(refs.length).toBeGreaterThan(pages.size); // the crawler found something to check
  const broken = refs.flatMap((ref) => {
    const result = resolve(ref, files);
    return 'error' in result ? [`${describeRef(ref)}: ${result.error}`] : [];
  });
  expect(broken).toEqual([]);
});

test('every #fragment of a link to /home names an element on /home', () => {
  const home = pages.get(HOME)!;
  const missing = new Set<string>(); // a page may link to the same section twice (header and footer)
  for (const ref of allRefs().filter((r) => r.isNavigation && !isExternal(r.url) && !hasOtherScheme(r.url))) {
    const url = ref.url.trim();
    let target: string | undefined;
    let hash = '';
    if (url.startsWith('#')) {
      target = ref.page;
      hash = url;
    } else {
      const result = resolve(ref, files);
      if ('error' in result) continue; // reported by the test above
      target = result.file;
      hash = result.hash;
    }
    if (target !== HOME || hash.length <= 1) continue;
    const id = decodeURIComponent(hash.slice(1));
    if (!home.ids.has(id)) missing.add(`${describeRef(ref)}: /home has no element with id "${id}"`);
  }
  expect([...missing]).toEqual([]);
});

test('every page can be reached from /home by following links, the splash, 404, offline, story-sent and story-kept pages aside', () => {
  // Each edition has its own splash, offline, story-sent and story-kept page, none linked from anywhere.
  const unlinked = [NOT_FOUND, ...[SPLASH, OFFLINE, STORY_SENT, STORY_KEPT].flatMap((file) => LOCALES.map((locale) => `${editionFolder(locale)}${file}`))];
  const reached = new Set([HOME]);
  const queue = [HOME];
  while (queue.length > 0) {
    const page = pages.get(queue.shift()!)!;
    for (const ref of page.refs.filter((r) => r.isNavigation && !r.url.trim().startsWith('#'))) {
      if (isExternal(ref.url) || hasOtherScheme(ref.url)) continue;
      const result = resolve(ref, files);
      if ('error' in result || !pages.has(result.file) || reached.has(result.file)) continue;
      reached.add(result.file);
      queue.push(result.file);
    }
  }
  // The splash is the address people type; /home leads on from it, never back to it.
  const unreached = [...pages.keys()].filter((file) => !reached.has(file) && !unlinked.includes(file));
  expect(unreached).toEqual([]);
  expect(reached.size).toBeGreaterThan(1);
});

test('the splash page links on to /home', () => {
  const targets = pages.get(SPLASH)!.refs
    .filter((ref) => ref.isNavigation && !isExternal(ref.url) && !hasOtherScheme(ref.url))
    .map((ref) => resolve(ref, files))
    .map((result) => ('file' in result ? result.file : undefined));
  expect(targets).toContain(HOME);
});

test('no page loads an image, script, stylesheet or other resource from another host', () => {
  const offenders = allRefs().filter((ref) => ref.isLoaded && isExternal(ref.url)).map(describeRef);
  expect(offenders).toEqual([]);
});

test('no stylesheet, inline style or CSS file in dist loads from another host', () => {
  const sources = [
    ...[...pages.values()].flatMap((page) => page.css.map((css) => ({ where: page.file, css }))),
    ...[...files].filter((f) => f.endsWith('.css')).map((f) => ({ where: f, css: readFileSync(join(DIST, f), 'utf8') })),
  ];
  expect(sources.length).toBeGreaterThan(0);
  const offenders = sources.flatMap(({ where, css }) =>
    [...css.matchAll(/(?:url\(\s*['"]?|@import\s+['"])([^'")\s]+)/gi)]
      .map((match) => match[1]!)
      .filter(isExternal)
      .map((url) => `${where}: ${url}`),
  );
  expect(offenders).toEqual([]);
});

test('every link that opens a new tab, on every page, has rel noopener and noreferrer', () => {
  const newTabLinks = [...pages.values()].flatMap((page) => page.newTabLinks.map((link) => ({ page: page.file, ...link })));
  expect(newTabLinks.length).toBeGreaterThan(0);
  const unsafe = newTabLinks
    .filter(({ rel }) => {
      const tokens = rel.toLowerCase().split(/\s+/);
      return !tokens.includes('noopener') || !tokens.includes('noreferrer');
    })
    .map(({ page, href, rel }) => `${page}: ${href} has rel="${rel}"`);
  expect(unsafe).toEqual([]);
});
