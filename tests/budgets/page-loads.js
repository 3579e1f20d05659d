// What a 360 px phone actually fetches when it opens a page: measured in Chromium, byte counts
// only (no timings), so the result is the same on every run.
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { findChromium } from '../../scripts/find-chromium.js';

const PHONE = { viewport: { width: 360, height: 740 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true };

/** Every production build of React carries the address of its error decoder. */
const isReact = (code) => code.includes('react.dev/errors/') || code.includes('reactjs.org/docs/error-decoder');

/**
 * For each path: the images it fetched while loading (count, largest body), any other-origin
 * request, and the scripts it fetched before any touch (gzip bytes, and whether React was among them).
 */
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
      const scripts = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(origin) && !request.url().startsWith('data:')) foreign.push(request.url());
      });
      page.on('response', async (response) => {
        const type = response.request().resourceType();
        if (type !== 'image' && type !== 'script') return;
        const body = await response.body().catch(() => Buffer.alloc(0));
        if (type === 'image') images.push({ url: response.url(), bytes: body.length });
        else scripts.push({ url: response.url(), bytes: gzipSync(body).length, isReact: isReact(body.toString('utf8')) });
      });
      await page.goto(origin + path, { waitUntil: 'networkidle' });
      // Islands that wake when the page is idle (client:idle) start their downloads only then.
      await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(undefined))));
      await page.waitForLoadState('networkidle');
      await context.close();
      const largest = images.reduce((max, image) => (image.bytes > max.bytes ? image : max), { url: '', bytes: 0 });
      results[path] = {
        imageCount: images.length,
        largestImage: largest,
        foreign,
        scriptBytes: scripts.reduce((sum, script) => sum + script.bytes, 0),
        reactScripts: scripts.filter((script) => script.isReact).map((script) => script.url),
      };
    }
  } finally {
    await browser.close();
  }
  return results;
}
