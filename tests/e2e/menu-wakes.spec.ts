// The menu wakes when she reaches for it (`client:reach`, src/browser/hydrate-on-reach.ts): a phone
// fetches no React for it at load, and the first tap opens the drawer however late its script comes.
// A story page, where nothing else on the first screen loads React.
import { expect, test, type Page } from '@playwright/test';
import { holdBack } from './hold-back';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN } from './runs';

const STORY = PAGE_TYPES.find(({ name }) => name === 'story')!.path;
const SCRIPTS = /\.js(\?.*)?$/;

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

/** Opens the story page, then holds back every script asked for after it loaded, until `release()`. */
async function openWithMenuScriptHeld(page: Page) {
  await page.goto(STORY);
  return holdBack(page, SCRIPTS);
}

const menu = (page: Page) => page.getByRole('button', { name: 'Open menu' });

test('a tap made before the menu’s script arrives opens the drawer once it has', async ({ page }) => {
  const { held, release } = await openWithMenuScriptHeld(page);
  await menu(page).click();
  await expect.poll(() => held.length, 'the tap asks for the menu’s script').toBeGreaterThan(0);
  await expect(page.getByRole('dialog')).toBeHidden();
  release();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
  expect(page.url()).not.toContain('#site-links');
});

test('a finger still down when the script arrives opens the drawer as it lifts', WHOLE_RUN, async ({ page }) => {
  const { held, release } = await openWithMenuScriptHeld(page);
  const box = (await menu(page).boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await expect.poll(() => held.length).toBeGreaterThan(0);
  const arrived = held.map((url) => page.waitForResponse(url));
  release();
  await Promise.all(arrived);
  // Every script it asked for has come and run; only then does the finger lift.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))));
  await page.mouse.up();
  await expect(page.getByRole('dialog')).toBeVisible();
});

test('when the menu’s script never arrives, the tap leads to the list of links', async ({ page }) => {
  await page.goto(STORY);
  await page.route(SCRIPTS, (route) => route.abort());
  await menu(page).click();
  await expect(page).toHaveURL(/#site-links$/);
  await expect(page.getByRole('navigation', { name: 'On this site' })).toBeInViewport();
});
