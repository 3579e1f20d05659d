import { expect, test } from '@playwright/test';
import { settings } from './content';
import { WHOLE_RUN } from './runs';

const DRAWER_WIDTH = 300; // specification §9
const LINKS = ['Home', 'About Us', 'Our Focus', 'Teams', 'Salaam Stree', 'Contact'];

test.use({ viewport: { width: 360, height: 740 } });

test.beforeEach(async ({ page }) => {
  await page.goto('/home');
});

async function openDrawer(page: import('@playwright/test').Page) {
  await page.getByRole('button', { name: /menu/i }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  return dialog;
}

test('the menu opens a 300 px drawer on the right with the logo, links, and the social icons and Empower Bharat once real', async ({ page }) => {
  const dialog = await openDrawer(page);
  // Polled: the drawer slides in from the right edge.
  await expect.poll(async () => Math.round((await dialog.boundingBox())?.x ?? 0)).toBe(360 - DRAWER_WIDTH);
  expect(Math.round((await dialog.boundingBox())?.width ?? 0)).toBe(DRAWER_WIDTH);
  await expect(dialog.getByRole('img', { name: /STREE/ })).toBeVisible();
  for (const name of LINKS) await expect(dialog.getByRole('link', { name, exact: true })).toBeVisible();
  // A sample profile or document is no link (docs/design.md, "Nothing sample passes as real").
  const isReal = (field: string) => !settings.samples.includes(field);
  for (const name of ['Facebook', 'Instagram', 'YouTube', 'LinkedIn', 'X (Twitter)']) {
    const link = dialog.getByRole('link', { name: new RegExp(name.replace(/[()]/g, '\\$&')) });
    await expect(link).toHaveCount(isReal('social') ? 1 : 0);
  }
  await expect(dialog.getByRole('link', { name: /Empower Bharat/ })).toHaveCount(isReal('documents') ? 1 : 0);
});

test('the header links are folded away below 900 px', WHOLE_RUN, async ({ page }) => {
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
});

test('opening the drawer moves focus into it', WHOLE_RUN, async ({ page }) => {
  const dialog = await openDrawer(page);
  await expect(dialog.locator(':focus')).toHaveCount(1);
});

test('a drawer link closes the drawer', WHOLE_RUN, async ({ page }) => {
  const dialog = await openDrawer(page);
  await dialog.getByRole('link', { name: 'Teams', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#teams$/);
});

test('any key but Tab and Shift closes the drawer and gives focus back', async ({ page }) => {
  for (const key of ['Escape', 'a', 'ArrowDown']) {
    const dialog = await openDrawer(page);
    await page.keyboard.press(key);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('button', { name: /menu/i })).toBeFocused();
  }
});

test('Tab and Shift keep the drawer open, and Tab stays inside it', WHOLE_RUN, async ({ page }) => {
  const dialog = await openDrawer(page);
  await page.keyboard.press('Shift');
  for (let i = 0; i < 15; i += 1) await page.keyboard.press('Tab');
  await page.keyboard.press('Shift+Tab');
  await expect(dialog).toBeVisible();
  await expect(dialog.locator(':focus')).toHaveCount(1);
});

test('Enter on a focused drawer link follows it and closes the drawer', WHOLE_RUN, async ({ page }) => {
  const dialog = await openDrawer(page);
  await dialog.getByRole('link', { name: 'Contact', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/#contact$/);
});
