// axe-core finds no violation on any kind of page once every island has hydrated and as the server
// sends it (its scripts not loaded, as on a slow connection), at a phone's width; the Gujarati
// twins too (the Hindi ones: hindi.spec.ts). At a laptop's width, the pages whose parts are laid
// out anew there. axe itself is JavaScript, so "JavaScript off" is modelled by blocking the page's files.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES, VIEWPORTS } from './page-types';
import { everyChangeIf } from './runs';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';

/** Each violation as one readable line: the rule, then where. */
async function violations(page: Page) {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.flatMap((v) => v.nodes.map((node) => `${v.id}: ${node.target.join(' ')} (${node.failureSummary?.replace(/\s+/g, ' ')})`));
}

/**
 * Keeps the splash on screen while axe reads it: axe needs running timers, so the clock cannot be
 * held, but a browser stays on its page when a navigation is answered 204 No Content.
 */
async function holdSplash(page: Page) {
  await page.route('**/home', (route) => route.fulfill({ status: 204 }));
}

// page.route must see every request: a service worker would answer the splash's /home and the
// precached scripts itself, and the tests would check another page or a hydrated one.
test.use({ serviceWorkers: 'block' });

/**
 * The pages a laptop's width lays out anew, with every part that has a wide layout of its own: the
 * header, help bar and footer (every page), the home sections, the story form, the story cards and
 * the catalogue's grid (the components with a `min-width` media query). The other pages are made of
 * those same parts, and the twins in other editions are these layouts in other words: each is
 * checked at the phone's width, where a page has the most to get right in the least room.
 */
const WIDE_LAYOUTS: ReadonlySet<string> = new Set(['home', 'story', 'story category', 'inspiring women']);

/** Every page type, and its twin in each other edition (src/lib/editions.ts): the 404 page is one for all. */
const PAGES = [
  ...PAGE_TYPES,
  ...LOCALES.filter((locale) => locale !== DEFAULT_LOCALE && locale !== 'hi').flatMap((locale) =>
    PAGE_TYPES.filter(({ name }) => name !== 'not found').map(({ name, path }) => ({ name: `${locale} ${name}`, path: `/${locale}${path}` })),
  ),
];

// axe reads every node and its colours: on a home page of 100 KB, beside other tests on a busy
// 2-core machine, that alone has taken 30 s. A bound, not a wait.
test.describe.configure({ timeout: 90_000 });

for (const viewport of VIEWPORTS) {
  test.describe(`axe at ${viewport.width} px`, () => {
    test.use({ viewport });

    for (const { name, path } of PAGES) {
      if (viewport.width > 360 && !WIDE_LAYOUTS.has(name)) continue;
      // Every change: /home, the page with the most parts, at her phone's width, hydrated and not;
      // the story page before its scripts.
      const atPhoneWidth = viewport.width === 360;
      test(`the ${name} page has no violations once hydrated`, everyChangeIf(atPhoneWidth && name === 'home'), async ({ page }) => {
        if (/^\/(\w\w\/)?$/.test(path)) await holdSplash(page);
        await page.goto(path);
        await hydrateEveryIsland(page);
        expect(await violations(page)).toEqual([]);
      });

      // Before the scripts, as on a slow phone: at the phone's width only.
      if (viewport.width > 360) continue;
      test(`the ${name} page has no violations before its scripts load`, everyChangeIf(atPhoneWidth && (name === 'home' || name === 'story')), async ({ page }) => {
        if (/^\/(\w\w\/)?$/.test(path)) await holdSplash(page);
        // Astro asks once more for an island's script, with `?astro-retry=…`: that fails too.
        await page.route(/\.js(\?.*)?$/, (route) => route.abort());
        await page.goto(path);
        expect(await violations(page)).toEqual([]);
      });
    }
  });
}
