// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

export default defineConfig({
  // The public address, for canonical links and the sitemap; set SITE_URL when deploying.
  site: process.env.SITE_URL || 'https://stree.example',
  output: 'static',
  integrations: [react()],
  build: { format: 'directory', inlineStylesheets: 'always' },
  prefetch: false,
});
