import { expect, type Page } from '@playwright/test';

/**
 * Islands under the first screen hydrate when they come into view. A visitor's scrolling brings
 * them there one by one; a test scrolls past each first, so it meets the finished page.
 */
export async function hydrateEveryIsland(page: Page) {
  const islands = page.locator('astro-island[client="visible"]');
  for (let i = 0; i < (await islands.count()); i += 1) await islands.nth(i).scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[client="visible"][ssr]')).toHaveCount(0);
  await page.evaluate(() => window.scrollTo(0, 0));
}
