// The service worker, made once the pages are built (the integration's last steps): bundles
// src/service-worker/ with Vite and lets Workbox's injectManifest list what it precaches, writing
// {dist}/sw.js. The worker finds the deploy base from its own scope; it is told the story
// endpoint the pages were built with.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';
import { LOCALES, editionFolder } from '../lib/addresses';
import { EDITOR_FOLDER } from './dist-files.js';

/**
 * The shell every page needs, and the pages read offline from the first visit on (README,
 * "Offline"), how to visit safely (/stay-safe/) among them: she may need it with no signal.
 * Not the app icons: only installing the app needs them, and each costs data. Not every script
 * either: only those the precached pages run at once (below); the islands' scripts, React and
 * Swiper are kept as she uses them (src/service-worker/sw.ts).
 */
const SHELL = ['_astro/*.css', 'favicon.svg'];
const EDITION_PAGES = ['index.html', 'home/index.html', 'offline/index.html', 'story-kept/index.html', 'stay-safe/index.html'];
/** The same pages of every edition: a Hindi reader gets the Hindi ones offline. */
const PAGES = LOCALES.flatMap((locale) => EDITION_PAGES.map((page) => `${editionFolder(locale)}${page}`));
/** Hashed names never change content: the browser may reuse what it already downloaded. */
const HASHED = /^_astro\//;

/** The pictures a page shows, as dist/-relative paths (islands' props too: their quotes are escaped). */
function picturesOf(dist, page) {
  const html = readFileSync(join(dist, page), 'utf8');
  return [...html.matchAll(/_astro\/[\w.-]+\.(?:svg|png|jpe?g|webp|avif|gif)/g)].map(([path]) => path);
}

/** A script's static imports (`import … from "./x.js"`), not its dynamic `import("./x.js")`. */
const STATIC_IMPORT = /\bimport\s*(?:[^"'()]*?\bfrom\s*)?["']\.\/([^"']+\.js)["']/g;

/**
 * The scripts a page runs at once, as dist/-relative paths: its own `<script src>` and what they
 * import, not what waits for her (an island's component and React, the carousels' Swiper): a
 * first visit does not download, for offline use, script she may never need.
 */
function pageScriptsOf(dist, page) {
  const html = readFileSync(join(dist, page), 'utf8');
  const pending = [...html.matchAll(/<script\b[^>]*\bsrc="[^"]*?(_astro\/[\w.-]+\.js)"/g)].map(([, path]) => path);
  const found = new Set();
  while (pending.length > 0) {
    const script = pending.pop();
    if (found.has(script)) continue;
    found.add(script);
    const code = readFileSync(join(dist, script), 'utf8');
    for (const [, file] of code.matchAll(STATIC_IMPORT)) pending.push(`_astro/${file}`);
  }
  return [...found];
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
    const scripts = [...new Set(PAGES.flatMap((page) => pageScriptsOf(dist, page)))];
    const result = await injectManifest({
      swSrc: join(bundleDir, 'sw.js'),
      swDest: join(dist, 'sw.js'),
      globDirectory: dist,
      globPatterns: [...SHELL, ...scripts, ...PAGES, ...pictures],
      // The editors' 2 MB editor (docs/admin.md) is never sent to a visitor's phone.
      globIgnores: [`${EDITOR_FOLDER}/**`],
      dontCacheBustURLsMatching: HASHED,
    });
    for (const warning of result.warnings) console.warn(`Service worker: ${warning}`);
    return result;
  } finally {
    rmSync(bundleDir, { recursive: true, force: true });
  }
}
