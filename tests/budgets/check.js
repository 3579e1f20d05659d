// The byte budgets (docs/design.md, "Budgets"), checked over dist/ after a build: prints a table
// per page and fails when any page is over. Deterministic: bytes and counts, never times (`npm run bench`).
import { createServer } from 'node:http';
import { resolve } from 'node:path';
import { htmlFiles, sitePathOf } from '../../src/build-time/dist-files.js';
import { staticSite } from '../../server/static-site.js';
import { EDITION_PAGES, LIMITS } from './limits.js';
import { pageBytes } from './page-bytes.js';
import { pageLoads } from './page-loads.js';

const DIST = resolve('dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;


/** One page of each kind is loaded in a browser; every page is measured statically. */
function pageTypes(paths) {
  const first = (pattern) => paths.find((path) => pattern.test(path));
  return [
    '/',
    '/home/',
    first(/^\/salaamstree\/[^/]+\/0\/$/),
    first(/^\/salaamstree\/[^/]+\/$/),
    '/inspiring-women/',
    first(/^\/inspiring-women\/[^/]+\/$/),
    '/handmade/',
    // Every other edition's home and first story: its own words, its own bytes.
    ...EDITION_PAGES.slice(1).flatMap(({ home, splash }) => [home, first(new RegExp(`^${splash}salaamstree/[^/]+/0/$`))]),
  ].filter(Boolean);
}

/** The home page of each edition: a long page whose first screen must come in one round trip. */
const HOMES = EDITION_PAGES.map(({ home }) => home);
const SPLASHES = EDITION_PAGES.map(({ splash }) => splash);
/** The edition a page belongs to, by its folder: the longest prefix, so English's `/` comes last. */
const editionOf = (path) => [...EDITION_PAGES].sort((a, b) => b.splash.length - a.splash.length).find(({ splash }) => path.startsWith(splash));
const failures = [];
const check = (ok, message) => ok || failures.push(message);

const files = htmlFiles(DIST).filter((file) => !file.endsWith('404.html'));
const rows = files.map((file) => ({ path: sitePathOf(DIST, file), ...pageBytes(file, DIST) }));
for (const row of rows) {
  const isHome = HOMES.includes(row.path);
  const edition = editionOf(row.path);
  const limit = isHome ? edition.homeCritical : edition.pageCritical;
  if (isHome) {
    check(row.firstScreen !== undefined, `${row.path}: no <main> with a first <section> to measure`);
    check(row.firstScreen <= LIMITS.homeFirstScreen, `${row.path}: first screen ${kb(row.firstScreen)} > ${kb(LIMITS.homeFirstScreen)}`);
    console.log(`${row.path} first screen (HTML to the end of its first section, gzip): ${kb(row.firstScreen)}`);
  }
  check(row.critical <= limit, `${row.path}: HTML + blocking CSS ${kb(row.critical)} > ${kb(limit)}`);
  check(row.blockingScripts === 0, `${row.path}: ${row.blockingScripts} render-blocking script(s)`);
  const scriptLimit = SPLASHES.includes(row.path) ? LIMITS.splashScript : LIMITS.homeScript;
  check(row.script <= scriptLimit, `${row.path}: JavaScript ${kb(row.script)} > ${kb(scriptLimit)}`);
}

const server = createServer(staticSite(DIST));
await new Promise((done) => server.listen(0, '127.0.0.1', done));
const origin = `http://127.0.0.1:${server.address().port}`;
const loads = await pageLoads(origin, pageTypes(rows.map((row) => row.path)).map(encodeURI));
server.close();

console.log('\nPage type                         critical   script   images  largest image');
for (const [path, load] of Object.entries(loads)) {
  const row = rows.find((r) => encodeURI(r.path) === path);
  console.log(
    `${decodeURI(path).padEnd(32)} ${kb(row.critical).padStart(9)} ${kb(row.script).padStart(9)} ${String(load.imageCount).padStart(6)}  ${kb(load.largestImage.bytes)}`,
  );
  check(load.largestImage.bytes <= LIMITS.largestImage, `${path}: image ${load.largestImage.url} is ${kb(load.largestImage.bytes)} > ${kb(LIMITS.largestImage)}`);
  check(load.foreign.length === 0, `${path}: requests to another origin: ${load.foreign.join(', ')}`);
  // No page but the homes, whose banner carousel island wakes once the page has painted and is idle.
  const wakesAtIdle = HOMES.includes(decodeURI(path));
  check(wakesAtIdle || load.reactScripts.length === 0, `${path}: a phone fetches React before touching anything: ${load.reactScripts.join(', ')}`);
  if (/\/salaamstree\/[^/]+\/0\/$/.test(decodeURI(path))) {
    console.log(`${decodeURI(path)}: script fetched before any touch, gzip: ${kb(load.scriptBytes)}`);
    check(load.scriptBytes <= LIMITS.storyPageScriptBeforeTouch, `${path}: ${kb(load.scriptBytes)} of script before any touch > ${kb(LIMITS.storyPageScriptBeforeTouch)}`);
  }
}
const worst = [...rows].sort((a, b) => b.critical - a.critical).slice(0, 3);
console.log(`\n${rows.length} pages measured; heaviest critical: ${worst.map((r) => `${r.path} ${kb(r.critical)}`).join(', ')}`);

if (failures.length > 0) {
  console.error(`\nOver budget:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log('Every page is within its budget.');
