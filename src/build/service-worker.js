// The service worker, made once the pages are built (the integration's last steps): bundles
// src/service-worker/ with Vite and lets Workbox's injectManifest list what it precaches, writing
// {dist}/sw.js. The worker finds the deploy base from its own scope; it is told the story
// endpoint the pages were built with.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { DEFAULT_LOCALE, LOCALES } from '../i18n/locales';

/**
 * The shell every page needs, and the pages read offline from the first visit on (README,
 * "Offline"), how to visit safely (/stay-safe/) among them: she may need it with no signal.
 * Not the app icons: only installing the app needs them, and each costs data.
 */
const SHELL = ['_astro/*.{js,css}', 'favicon.svg'];
const EDITION_PAGES = ['index.html', 'home/index.html', 'offline/index.html', 'stay-safe/index.html'];
/** The same pages of every edition: a Hindi reader gets the Hindi ones offline. */
const PAGES = LOCALES.flatMap((locale) => EDITION_PAGES.map((page) => (locale === DEFAULT_LOCALE ? page : `${locale}/${page}`)));
/** Hashed names never change content: the browser may reuse what it already downloaded. */
const HASHED = /^_astro\//;

/** The pictures a page shows, as dist/-relative paths (islands' props too: their quotes are escaped). */
function picturesOf(dist, page) {
  const html = readFileSync(join(dist, page), 'utf8');
  return [...html.matchAll(/_astro\/[\w.-]+\.(?:svg|png|jpe?g|webp|avif|gif)/g)].map(([path]) => path);
}

/** Writes {dist}/sw.js and returns what it precaches. */
export async function buildServiceWorker({ root, dist, storyEndpoint = '' }) {
  // The project's own tmp/ (git-ignored), absent from a fresh clone until now.
  mkdirSync(join(root, 'tmp'), { recursive: true });
  const bundleDir = mkdtempSync(join(root, 'tmp', 'sw-'));
  try {
    await build({
      configFile: false,
      publicDir: false,
      logLevel: 'warn',
      define: {
        STORY_ENDPOINT: JSON.stringify(storyEndpoint),
        // Workbox's modules leave their debug logging behind this check.
        'process.env.NODE_ENV': JSON.stringify('production'),
      },
      build: {
        lib: { entry: join(root, 'src/service-worker/sw.ts'), formats: ['iife'], name: 'streeServiceWorker', fileName: () => 'sw.js' },
        outDir: bundleDir,
        emptyOutDir: false,
        target: 'es2020',
      },
    });
    const pictures = [...new Set(PAGES.flatMap((page) => picturesOf(dist, page)))];
    const result = await injectManifest({
      swSrc: join(bundleDir, 'sw.js'),
      swDest: join(dist, 'sw.js'),
      globDirectory: dist,
      globPatterns: [...SHELL, ...PAGES, ...pictures],
      dontCacheBustURLsMatching: HASHED,
    });
    for (const warning of result.warnings) console.warn(`Service worker: ${warning}`);
    return result;
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
