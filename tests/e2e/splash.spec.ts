import { expect, test } from '@playwright/test';
import { WHOLE_RUN } from './runs';

const SPLASH_MS = 3000; // specification §9

test('the splash shows the logo and a loading status', WHOLE_RUN, async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  await expect(page.getByRole('img', { name: /STREE/ })).toBeVisible();
  await expect(page.getByRole('status')).toHaveText('Loading...');
});

test('the splash goes to /home after 3 seconds, replacing itself in history', async ({ page }) => {
  await page.goto('/404-before-splash');
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/');
  await page.clock.runFor(SPLASH_MS - 100);
  await expect(page).toHaveURL(/\/$/);
  await page.clock.runFor(200);
  await expect(page).toHaveURL(/\/home$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/404-before-splash$/);
});

test('without JavaScript the splash still leads to /home', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/');
  await expect(page).toHaveURL(/\/home$/, { timeout: SPLASH_MS + 5000 });
  await context.close();
});

test('during its 3 seconds the splash fetches /home, which brings its first picture inside itself', WHOLE_RUN, async ({ page, request }) => {
  const homeHtml = await (await request.get('/home')).text();
  // The largest thing on /home's first screen paints with the HTML: no second request to wait for.
  const firstPicture = /<section id="home"[\s\S]*?<img\b[^>]*\bsrc="([^"]+)"/.exec(homeHtml)?.[1];
  expect(firstPicture).toMatch(/^data:image\/svg\+xml,/);
  const fetched: string[] = [];
  page.on('requestfinished', (req) => fetched.push(new URL(req.url()).pathname));
  // Time stands still: /home must come from the splash's prefetch, not from the redirect.
  await page.clock.install();
  await page.clock.pauseAt(Date.now() + 1000);
  await page.goto('/');
  await expect.poll(() => fetched).toContain('/home');
  await expect(page).toHaveURL(/\/$/);
});
