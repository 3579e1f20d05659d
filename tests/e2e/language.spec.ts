// Hindi text is marked lang="hi" and Gujarati text lang="gu", so a screen reader reads each with
// its own voice instead of spelling it out in English (WCAG 3.1.2).
import { expect, test } from '@playwright/test';
import { readFolder } from './content';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

/** Each script the site writes besides Latin, and the language its text must be marked with. */
const SCRIPTS = [
  { script: 'Devanagari', pattern: /[\u0900-\u097F]/, lang: 'hi' },
  { script: 'Gujarati', pattern: /[\u0A80-\u0AFF]/, lang: 'gu' },
];

for (const { name, path } of PAGE_TYPES.filter((p) => p.path !== '/')) {
  test(`on the ${name} page every piece of Devanagari and Gujarati text is in an element marked lang="hi" or "gu"`, everyChangeIf(name === 'home'), async ({ page }) => {
    await page.goto(path);
    await hydrateEveryIsland(page);
    for (const { script, pattern, lang } of SCRIPTS) {
      const unmarked = await page.evaluate(({ source, lang }) => {
        const letters = new RegExp(source);
        const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
        const found: string[] = [];
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
          const marked = node.parentElement?.closest('[lang]')?.getAttribute('lang') ?? '';
          if (letters.test(node.textContent ?? '') && !new RegExp(`^${lang}\\b`).test(marked)) found.push(`${marked}: ${node.textContent!.trim().slice(0, 40)}`);
        }
        return found;
      }, { source: pattern.source, lang });
      expect(unmarked, script).toEqual([]);
    }
  });
}

test('a testimonial written in Hindi is read as Hindi on /home', WHOLE_RUN, async ({ page }) => {
  const hindi = readFolder<{ text: string; lang?: string }>('testimonials').filter((t) => t.lang === 'hi');
  expect(hindi.length).toBeGreaterThan(0);
  await page.goto('/home');
  for (const { text } of hindi) {
    await expect(page.locator('[lang="hi"]').filter({ hasText: text }).first()).toBeAttached();
  }
});
