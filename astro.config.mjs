// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { satteri } from '@astrojs/markdown-satteri';
import { noRawHtml } from './src/lib/markdown-no-raw-html';

export default defineConfig({
  // The public address, for canonical links and the sitemap; set SITE_URL when deploying.
  site: process.env.SITE_URL || 'https://stree.example',
  output: 'static',
  integrations: [react()],
  markdown: { processor: satteri({ mdastPlugins: [noRawHtml] }) },
  build: { format: 'directory' },
  prefetch: false,
});
