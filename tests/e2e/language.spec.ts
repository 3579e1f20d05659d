// Hindi text is marked lang="hi", so a screen reader reads it with a Hindi voice instead of
// spelling it out in English (WCAG 3.1.2).
import { expect, test } from '@playwright/test';
import { readFolder } from './content';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';

const DEVANAGARI = /[\u0900-\u097F]/;

for (const { name, path } of PAGE_TYPES.filter((p) => p.path !== '/')) {
  test(`on the ${name} page every piece of Devanagari text is in an element marked lang="hi"`, async ({ page }) => {
    await page.goto(path);
    await hydrateEveryIsland(page);
    const unmarked = await page.evaluate((pattern) => {
      const devanagari = new RegExp(pattern);
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const found: string[] = [];
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const lang = node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? '';
        if (devanagari.test(node.textContent ?? '') && !/^hi\b/.test(lang)) found.push(`${lang}: ${node.textContent!.trim().slice(0, 40)}`);
      }
      return found;
    }, DEVANAGARI.source);
    expect(unmarked).toEqual([]);
  });
}

test('a testimonial written in Hindi is read as Hindi on /home', async ({ page }) => {
  const hindi = readFolder<{ text: string; lang?: string }>('testimonials').filter((t) => t.lang === 'hi');
  expect(hindi.length).toBeGreaterThan(0);
  await page.goto('/home');
  for (const { text } of hindi) {
    await expect(page.locator('[lang="hi"]').filter({ hasText: text }).first()).toBeAttached();
  }
});
