import { expect, test } from '@playwright/test';
import { readJson } from './content';
import { WHOLE_RUN } from './runs';

const { videoId } = readJson<{ videoId: string }>('settings/site.json');
const VIDEO_HEIGHT = 320; // specification §9
const about = '#about';

test('the video costs nothing until play is pressed, then the no-cookie player takes the poster\'s place', async ({ page }) => {
  const thirdParty: string[] = [];
  page.on('request', (request) => {
    if (!new URL(request.url()).hostname.match(/^(localhost|127\.0\.0\.1)$/)) thirdParty.push(request.url());
  });
  // This machine has no outside network: answer the player's request with an empty page.
  await page.route('https://www.youtube-nocookie.com/**', (route) => route.fulfill({ body: '<title>player</title>' }));
  await page.goto('/home');
  const play = page.locator(about).getByRole('button', { name: 'Watch our video' });
  await play.scrollIntoViewIfNeeded();
  const box = await page.locator(`${about} [data-video-id]`).boundingBox();
  expect(thirdParty).toEqual([]);

  await play.click();
  const player = page.locator(`${about} iframe`);
  await expect(player).toHaveAttribute('src', new RegExp(`^https://www\\.youtube-nocookie\\.com/embed/${videoId}\\?`));
  await expect(player).toBeFocused();
  expect((await player.boundingBox())!.height).toBe(VIDEO_HEIGHT);
  expect(await page.locator(`${about} [data-video-id]`).boundingBox()).toEqual(box);
  expect(thirdParty.every((url) => url.startsWith('https://www.youtube-nocookie.com/'))).toBe(true);
});

test('without JavaScript the poster links to the video in a new tab', WHOLE_RUN, async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  const link = page.locator(about).getByRole('link', { name: /Watch our video/ });
  await expect(link).toHaveAttribute('href', `https://www.youtube.com/watch?v=${videoId}`);
  await expect(link).toHaveAttribute('target', '_blank');
  await expect(link).toHaveAttribute('rel', /noopener.*noreferrer|noreferrer.*noopener/);
  await expect(page.locator(`${about} iframe`)).toHaveCount(0);
  await context.close();
});
