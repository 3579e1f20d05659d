import type { Page } from '@playwright/test';

/**
 * Holds back every request matching `pattern`, as a slow connection does, until the returned
 * `release()`; `held` lists what was asked for meanwhile. page.route sees no request a service
 * worker answers: a test using this blocks the worker.
 */
export async function holdBack(page: Page, pattern: string | RegExp) {
  const held: string[] = [];
  let release = () => {};
  const released = new Promise<void>((done) => { release = done; });
  await page.route(pattern, async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release: () => release() };
}
