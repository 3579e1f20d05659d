// Her data first (docs/design.md, "Budgets"): where the phone asks to save data, or the connection
// is 2G, the decorative islands (carousels, counter, typed quote) fetch nothing; their HTML already
// works. Each signal as Chromium itself reports it: Data Saver through DevTools' override of
// navigator.connection.saveData, 2G and slow 2G through its network emulation, whose round trip
// time sets navigator.connection.effectiveType.
import { expect, test, type Page } from '@playwright/test';
import { everyChangeIf } from './runs';

/** The most script /home may fetch before her first touch when she saves data (docs/design.md). */
const SAVING_BUDGET = 15 * 1024;
/** The chunks only decoration asks for: Swiper's carousel, the counter, the typed quote. */
const DECORATION = /\/(Carousel|StatesCounter|TeamQuote)\.[\w-]+\.js$/;

type Signal = { name: string; effectiveType?: string; apply: (page: Page) => Promise<void> };

const SIGNALS: Signal[] = [
  { name: 'Data Saver on', apply: async (page) => {
    await (await page.context().newCDPSession(page)).send('Emulation.setDataSaverOverride', { dataSaverEnabled: true });
  } },
  // Chromium counts a round trip of 1.4 s or more as 2G and of 2 s or more as slow 2G; the
  // throughput is kept high so the test does not wait on a really slow link.
  { name: 'a 2G connection', effectiveType: '2g', apply: (page) => emulateRoundTrip(page, 1600) },
  { name: 'a slow 2G connection', effectiveType: 'slow-2g', apply: (page) => emulateRoundTrip(page, 2600) },
];

async function emulateRoundTrip(page: Page, latency: number) {
  await (await page.context().newCDPSession(page)).send('Network.emulateNetworkConditions', {
    offline: false, latency, downloadThroughput: 2_000_000, uploadThroughput: 2_000_000, connectionType: 'cellular2g',
  });
}

/** Counts the bytes (as sent, compressed) of every script the page fetches. */
function countScripts(page: Page) {
  const fetched: { url: string; bytes: number }[] = [];
  page.on('requestfinished', (request) => {
    if (request.resourceType() !== 'script') return;
    void request.sizes().then(({ responseBodySize }) => fetched.push({ url: request.url(), bytes: responseBodySize }));
  });
  return {
    fetched,
    total: () => fetched.reduce((sum, { bytes }) => sum + bytes, 0),
  };
}

/**
 * Until the page has loaded, the phone has had its idle moments and the network has fallen
 * quiet: past the point where the banner's carousel wakes on a phone that does not save data.
 */
async function settle(page: Page) {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => requestIdleCallback(done, { timeout: 4000 }), { timeout: 4000 })));
  await page.waitForLoadState('networkidle');
}

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

for (const signal of SIGNALS) {
  // Every change: Data Saver; the 2G signals wait on a 1.6–2.6 s round trip, so only the whole run takes them.
  test.describe(`with ${signal.name}`, everyChangeIf(signal === SIGNALS[0]), () => {
    test.beforeEach(async ({ page }) => {
      await signal.apply(page);
    });

    test(`/home fetches at most 15 KB of script before she touches it`, async ({ page }) => {
      const scripts = countScripts(page);
      await page.goto('/home');
      if (signal.effectiveType) {
        expect(await page.evaluate(() => (navigator as Navigator & { connection?: { effectiveType?: string } }).connection?.effectiveType)).toBe(signal.effectiveType);
      }
      await settle(page);
      expect(scripts.fetched.filter(({ url }) => DECORATION.test(url)), 'no decoration').toEqual([]);
      expect(scripts.total(), scripts.fetched.map(({ url, bytes }) => `${url.split('/').pop()} ${bytes}`).join('\n')).toBeLessThanOrEqual(SAVING_BUDGET);
    });

    test('the carousels, the counter and the quote stay as their HTML, scrolled to', async ({ page }) => {
      const scripts = countScripts(page);
      await page.goto('/home');
      for (const carousel of await page.locator('[data-carousel]').all()) await carousel.scrollIntoViewIfNeeded();
      const teams = page.locator('#teams');
      await teams.scrollIntoViewIfNeeded();
      await settle(page);
      expect(scripts.fetched.filter(({ url }) => DECORATION.test(url))).toEqual([]);
      await expect(page.locator('[data-carousel].swiper-initialized')).toHaveCount(0);
      // What they say is there to read: the whole quote, the number.
      await expect(teams.locator('blockquote, q, figure').first()).not.toBeEmpty();
      await expect(teams.getByText(/\d+\s*\+?/).first()).toBeVisible();
    });

    test('the menu still wakes when she reaches for it', async ({ page }) => {
      await page.goto('/home');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await expect(page.getByRole('dialog')).toBeVisible({ timeout: 0 });
    });
  });
}

test('without either signal the banner’s carousel wakes by itself, as before', async ({ page }) => {
  const scripts = countScripts(page);
  await page.goto('/home');
  await settle(page);
  await expect(page.locator('#home [data-carousel]')).toHaveClass(/swiper-initialized/, { timeout: 0 });
  expect(scripts.fetched.some(({ url }) => DECORATION.test(url))).toBe(true);
});
