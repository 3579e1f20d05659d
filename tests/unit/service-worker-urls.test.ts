// How the service worker finds a page again offline, whichever form of its address was used.
import { describe, expect, it } from 'vitest';
import { folderKeys, withIndex } from '../../src/service-worker/page-urls';

const cacheKey = (url: string) =>
  folderKeys.cacheKeyWillBeUsed!({ request: new Request(url), mode: 'read' } as never) as Promise<string>;

describe('withIndex', () => {
  it('finds /home precached as /home/index.html', () => {
    expect(withIndex(new URL('https://x.test/stree/home')).map(String)).toEqual(['https://x.test/stree/home/index.html']);
  });

  it('leaves folders and files alone', () => {
    expect(withIndex(new URL('https://x.test/home/'))).toEqual([]);
    expect(withIndex(new URL('https://x.test/favicon.svg'))).toEqual([]);
  });
});

describe('folderKeys', () => {
  it('keeps a story under one key with or without its closing slash', async () => {
    const story = 'https://x.test/salaamstree/Health%20&%20Hygiene/0';
    expect(await cacheKey(story)).toBe(`${story}/`);
    expect(await cacheKey(`${story}/`)).toBe(`${story}/`);
  });

  it('ignores a query string, as a shared link may carry one', async () => {
    expect(await cacheKey('https://x.test/home?utm_source=whatsapp')).toBe('https://x.test/home/');
  });
});
