import type { APIRoute } from 'astro';
import { withBase } from '../lib/paths';

/** Search engines read robots.txt only at a host's root: under a sub-path, submit the sitemap yourself (README). */
export const GET: APIRoute = ({ site }) => {
  const sitemap = new URL(withBase('/sitemap-index.xml'), site).href;
  return new Response(`User-agent: *\nAllow: /\n\nSitemap: ${sitemap}\n`, {
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  });
};
