// Pages are folders (`build.format: 'directory'`): /home, /home/ and /home/index.html are one
// page, and a story link has no closing slash while a static host may redirect to one.
import type { WorkboxPlugin } from 'workbox-core';

const hasExtension = (pathname: string) => /\.[a-z0-9]+$/i.test(pathname);

/** Where a folder page without its slash is precached: /home → /home/index.html. */
export function withIndex(url: URL): URL[] {
  if (url.pathname.endsWith('/') || hasExtension(url.pathname)) return [];
  return [new URL(`${url.pathname}/index.html`, url)];
}

/** Keeps a visited page under one key however it was asked for, so it is found again offline. */
export const folderKeys: WorkboxPlugin = {
  cacheKeyWillBeUsed: async ({ request }) => {
    const url = new URL(request.url);
    url.search = '';
    if (!url.pathname.endsWith('/') && !hasExtension(url.pathname)) url.pathname += '/';
    return url.href;
  },
};
