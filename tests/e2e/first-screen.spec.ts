// The first screen of /home comes in one paint (docs/decisions.md, "The first screen in one paint"):
// on a slow link the page arrives in pieces, and a browser that paints each piece as it comes would
// show the header and the help bar first and the banner's picture and words a frame or more later.
import { expect, test, type Page } from '@playwright/test';
import { LOCALES, DEFAULT_LOCALE } from '../../src/lib/editions';
import { everyChangeIf } from './runs';

/** What the page held when the browser first drew it: the way out, and the banner's first picture, drawn. */
type FirstFrame = { exit: boolean; picture: boolean };

/**
 * A link of about 16 KB/s: the page's HTML (about 23 KB compressed) comes in several pieces, each
 * of which the browser would otherwise lay out and paint as it arrives.
 */
async function slowLink(page: Page) {
  await (await page.context().newCDPSession(page)).send('Network.emulateNetworkConditions', {
    offline: false, latency: 100, downloadThroughput: 16 * 1024, uploadThroughput: 16 * 1024,
  });
}

/** Notes, at the first frame the browser draws, whether the first screen was all there. */
async function watchFirstFrame(page: Page) {
  await page.addInitScript(() => {
    requestAnimationFrame(() => {
      const picture = document.querySelector<HTMLImageElement>('#home .slide-image');
      (window as Window & { firstFrame?: FirstFrame }).firstFrame = {
        exit: document.querySelector('a[data-quick-exit]') !== null,
        picture: picture?.complete === true,
      };
    });
  });
}

test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

for (const locale of LOCALES) {
  const path = locale === DEFAULT_LOCALE ? '/home' : `/${locale}/home`;
  test(`${path} on a slow link draws its first screen whole, the banner's picture with the header`, everyChangeIf(locale === DEFAULT_LOCALE), async ({ page }) => {
    await slowLink(page);
    await watchFirstFrame(page);
    await page.goto(path, { waitUntil: 'commit' });
    const firstFrame = await page.waitForFunction(() => (window as Window & { firstFrame?: FirstFrame }).firstFrame);
    expect(await firstFrame.jsonValue()).toEqual({ exit: true, picture: true });
    // What the first paint waits for is that picture: were it gone, the browser would wait for the whole page.
    const awaited = await page.locator('link[rel="expect"]').getAttribute('href');
    await expect(page.locator(`#home .slide-image${awaited}`)).toHaveCount(1);
  });
}
