// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { normaliseBase } from './src/lib/base-path.js';

export default defineConfig({
  // The public address, for canonical links and the sitemap; set SITE_URL when deploying.
  site: process.env.SITE_URL || 'https://stree.example',
  // `/` at a domain root; BASE_PATH=/stree/ when the site lives under a sub-path (GitHub Pages).
  base: normaliseBase(process.env.BASE_PATH),
  output: 'static',
  integrations: [react()],
  build: { format: 'directory' },
  prefetch: false,
});
