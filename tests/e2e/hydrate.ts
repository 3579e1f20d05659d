import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Islands under the first screen hydrate when they come into view. A visitor's scrolling brings
 * them there one by one; a test scrolls past each first, so it meets the finished page.
 */
export async function hydrateEveryIsland(page: Page) {
  // React islands that wake in view, and the carousels, the banner's among them (it wakes at idle).
  const islands = page.locator('astro-island[client="visible"], astro-island[client="decor"], [data-carousel]');
  for (let i = 0; i < (await islands.count()); i += 1) await islands.nth(i).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island:is([client="visible"], [client="decor"])[ssr]')).toHaveCount(0);
  await expect(page.locator('[data-carousel]:not(.swiper-initialized)')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}

/**
 * Waits until the island around `inside` has hydrated (Astro drops its `ssr` then), for as long
 * as the test may run: on a loaded machine a held-back script can take longer than an
 * assertion's few seconds to arrive and run, and hydration is the event that matters.
 */
export async function islandHydrated(inside: Locator) {
  const island = inside.page().locator('astro-island[ssr]').filter({ has: inside });
  await inside.first().waitFor({ state: 'attached', timeout: 0 });
  await expect(island).toHaveCount(0, { timeout: 0 });
}
