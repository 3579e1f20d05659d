// The service worker (README, "Offline"): the shell and /home from the precache, pages and
// pictures kept as they are visited, an offline page for the rest, and stories sent later.
// Bundled and given its precache list at the end of `astro build` by src/build-time/service-worker.js.
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';
import { editionFolder, editionOfPath, keptStoryPath, localeOfLanguage } from '../lib/addresses';
import { folderKeys, withIndex } from './page-urls';
import { isKeepPost, isStoryPost, keepWhole, sendOrKeep } from '../story-outbox/worker-queue';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

/** Relative to this worker, which lives at the deploy base: the same at a root and under a sub-path. */
const OFFLINE_PAGE = 'offline/index.html';

/** The offline page in the language of the page she asked for. */
function offlinePageFor(url: string): string {
  const below = new URL(url).pathname.slice(new URL(self.registration.scope).pathname.length - 1);
  return `${editionFolder(editionOfPath(below).locale)}${OFFLINE_PAGE}`;
}
/** Bounds for what is kept as visited: about 40 pages of ~10 KB and 150 small pictures. */
const PAGES = { maxEntries: 40, purgeOnQuotaError: true };
const IMAGES = { maxEntries: 150, purgeOnQuotaError: true };
/** An edition's font is two files, a weight each; room for the next build's. */
const FONTS = { maxEntries: 8, purgeOnQuotaError: true };
/** Every script of a build is about 25 files; room for the next build's while the old expire. */
const SCRIPTS = { maxEntries: 60, purgeOnQuotaError: true };
/** On a slow connection, a page read before is shown after this long rather than a blank wait. */
const NETWORK_TIMEOUT_SECONDS = 5;

// A new deploy takes over at once. Every page reads without JavaScript, so the worst an open,
// older page meets is an island whose old script is gone: its server-rendered content stays.
// A "reload to update" prompt would cost every visitor script and attention for that rare case.
self.skipWaiting();
clientsClaim();

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST, { urlManipulation: ({ url }) => withIndex(url) });

/**
 * The "story kept" page in the form's language (/hi/story-kept/), else the English one. Precached
 * (src/build-time/service-worker.js), so it opens with no connection.
 */
function keptPage(lang: string) {
  return new URL(keptStoryPath(localeOfLanguage(lang)).slice(1), self.registration.scope).href;
}

// A plain form post kept offline is answered with a 303 to a page that says, first, it is kept.
registerRoute(isStoryPost, sendOrKeep(keptPage), 'POST');
// A voice story the connection cut short, handed over whole by the page to send in parts later.
registerRoute(isKeepPost, keepWhole, 'POST');

registerRoute(
  ({ request, url }) => request.mode === 'navigate' && url.origin === self.location.origin,
  new NetworkFirst({
    cacheName: 'pages',
    networkTimeoutSeconds: NETWORK_TIMEOUT_SECONDS,
    plugins: [folderKeys, new ExpirationPlugin(PAGES)],
  }),
);

// An island's script, React and Swiper, kept the first time she uses them (the precache holds only
// what pages run at once). Hashed names: a kept copy is never stale.
registerRoute(
  ({ request, url }) => request.destination === 'script' && url.origin === self.location.origin && url.pathname.includes('/_astro/'),
  new CacheFirst({ cacheName: 'scripts', plugins: [new ExpirationPlugin(SCRIPTS)] }),
);

// Pictures have content hashes in their names, so a kept copy is never stale.
registerRoute(
  ({ request, url }) => request.destination === 'image' && url.origin === self.location.origin,
  new CacheFirst({ cacheName: 'images', plugins: [new ExpirationPlugin(IMAGES)] }),
);

// An edition's font (docs/design.md, "Letters on every phone"), fetched only by a phone without one
// of its own: kept the first time, so its pages read offline too. Hashed names: never stale.
registerRoute(
  ({ request, url }) => request.destination === 'font' && url.origin === self.location.origin,
  new CacheFirst({ cacheName: 'fonts', plugins: [new ExpirationPlugin(FONTS)] }),
);

setCatchHandler(async ({ request }) => {
  if (request.mode !== 'navigate') return Response.error();
  return (await matchPrecache(offlinePageFor(request.url))) ?? Response.error();
});
