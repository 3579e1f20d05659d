// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { satteri } from '@astrojs/markdown-satteri';
import sitemap from '@astrojs/sitemap';
import streeSite from './src/build-time/integration';
import { noRawHtml } from './src/build-time/markdown-no-raw-html';
import { normaliseBase } from './src/lib/base-path.js';
import { DEFAULT_LOCALE, LOCALES } from './src/lib/addresses';

/**
 * Pages that must not be indexed: the service worker's offline answer and the page the story
 * inbox answers a plain form post with (docs/stories.md).
 */
const UNLISTED = [/\/offline\/$/, /\/story-sent\/$/, /\/story-kept\/$/];

export default defineConfig({
  // The public address, for canonical links, share cards and the sitemap; set SITE_URL when deploying.
  site: process.env.SITE_URL || 'https://stree.example',
  // `/` at a domain root; BASE_PATH=/stree/ when the site lives under a sub-path (GitHub Pages).
  base: normaliseBase(process.env.BASE_PATH),
  output: 'static',
  integrations: [
    react(),
    sitemap({
      filter: (url) => !UNLISTED.some((pattern) => pattern.test(url)),
      // Each address listed with its twin in the other edition (hreflang), as the pages say too.
      i18n: { defaultLocale: DEFAULT_LOCALE, locales: Object.fromEntries(LOCALES.map((locale) => [locale, locale])) },
    }),
    streeSite(),
  ],
  markdown: { processor: satteri({ mdastPlugins: [noRawHtml] }) },
  build: {
    format: 'directory',
    // Inlined CSS paints the first screen from the HTML alone: one round trip fewer on a slow link.
    inlineStylesheets: 'always',
    // Four routes at once: while a share card waits for sharp and zlib on the other core, the next
    // page renders (docs/bench.md, "Scale"). Pages are built in the same order, and the same.
    concurrency: 4,
  },
  // A class per scoped element rather than a data-astro-cid-… attribute: the same specificity, and
  // about 0.3 KB less gzip on /home.
  scopedStyleStrategy: 'class',
  // Page scripts as files, never inlined: each inline script costs every page its bytes and a hash
  // in its policy, while a file is fetched once, after the first paint, and cached for every page.
  vite: { build: { assetsInlineLimit: 0 } },
  prefetch: false,
});
