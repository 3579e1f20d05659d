// Feature phones (docs/design.md, "Where we do better"): a 240×320 screen, a D-pad that moves focus
// and a centre key that activates, an old browser that runs no ES modules and so gets the page as
// it is without JavaScript. Every page type, in both editions, with JavaScript on and off: nothing
// scrolls sideways, and the keyboard alone reaches every link and button on the page.
import { expect, test, type Page } from '@playwright/test';
import { PAGE_TYPES } from './page-types';

const FEATURE_PHONE = { width: 240, height: 320 };
/** Every page type but the splash (it leaves by itself), in English and in Hindi. */
const PAGES = PAGE_TYPES.filter(({ path }) => path !== '/').flatMap(({ name, path }) =>
  name === 'not found' ? [{ name, path }] : [{ name, path }, { name: `${name} (Hindi)`, path: `/hi${path}` }],
);

/** How far the page reaches past the screen's right edge, in CSS pixels. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The links and buttons a visitor can see, each as a line that names it. */
function visibleControls(page: Page) {
  return page.evaluate(() => {
    const describe = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.getAttribute('href')}" ${el.getAttribute('href') ?? ''}`;
    return [...document.querySelectorAll('a[href], button:not([disabled])')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        return box.width > 0 && box.height > 0 && style.visibility !== 'hidden' && !el.closest('[inert], [aria-hidden="true"]');
      })
      .map(describe);
  });
}

/** Presses Tab until focus comes round again; returns every control it stopped on. */
async function tabStops(page: Page, limit: number) {
  const reached = new Set<string>();
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return '';
      return `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.getAttribute('href')}" ${el.getAttribute('href') ?? ''}`;
    });
    if (focused && reached.has(focused) && presses > 3) break;
    if (focused) reached.add(focused);
  }
  return reached;
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 240×320 with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ viewport: FEATURE_PHONE, javaScriptEnabled, serviceWorkers: 'block' });

    for (const { name, path } of PAGES) {
      test(`the ${name} page does not scroll sideways, and Tab reaches every link and button`, async ({ page }) => {
        // Hundreds of stops on the longest pages, each asked of the page: slow on a busy machine.
        test.slow();
        await page.goto(path);
        expect(await sidewaysOverflow(page), 'sideways scroll in px').toBeLessThanOrEqual(0);
        const controls = await visibleControls(page);
        const reached = await tabStops(page, controls.length * 2 + 10);
        const missed = controls.filter((control) => !reached.has(control));
        expect(missed).toEqual([]);
        // Nothing slides in or folds out as focus moves: still no sideways scroll.
        expect(await sidewaysOverflow(page), 'sideways scroll in px after the Tab walk').toBeLessThanOrEqual(0);
      });
    }
  });
}

test.describe('a feature phone without JavaScript', () => {
  test.use({ viewport: FEATURE_PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });

  test('sends a story from the plain form by keyboard alone and reads that it arrived', async ({ page }) => {
    await page.goto('/hi/home');
    const name = `कमला ${Date.now()}`;
    await page.getByLabel('नाम', { exact: true }).focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('9876543210');
    // The phone's hint sits between the fields, as text: Tab goes on to the story.
    await page.getByLabel('कहानी', { exact: true }).focus();
    await page.keyboard.type('बस अड्डे पर रोशनी नहीं है।');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'भेजें' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hi\/story-sent\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});
