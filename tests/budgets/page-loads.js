// What a 360 px phone actually fetches when it opens a page: measured in Chromium, byte counts
// only (no timings), so the result is the same on every run.
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.js';

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** For each path: the images it fetched while loading (count, largest body) and any other-origin request. */
export async function pageLoads(origin, paths) {
  const browser = await chromium.launch({
    executablePath: findChromium(),
    args: ['--no-sandbox', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
  const results = {};
  try {
    for (const path of paths) {
      const context = await browser.newContext(PHONE);
      const page = await context.newPage();
      const images = [];
      const foreign = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      page.on('response', async (response) => {
        if (response.request().resourceType() !== 'image') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        images.push({ url: response.url(), bytes: body.length });
      });
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      await context.close();
      const largest = images.reduce((max, image) => (image.bytes > max.bytes ? image : max), { url: '', bytes: 0 });
      results[path] = { imageCount: images.length, largestImage: largest, foreign };
    }
  } finally {
    await browser.close();
  }
  return results;
}
