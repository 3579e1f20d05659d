import { expect, test } from '@playwright/test';
import { storyCategories } from './content';

test('a story page opened directly shows its category, the story and the form', async ({ page }) => {
  const [first] = storyCategories();
  const response = await page.goto(`/salaamstree/${encodeURI(first!.title)}/0`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('link', { name: first!.title, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
  await expect(page.getByRole('heading', { name: 'Share your Stories' })).toBeVisible();
  await expect(page.locator('footer#contact')).toBeVisible();
});

test('on a story page the nav links lead back to the /home sections', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [first] = storyCategories();
  await page.goto(`/salaamstree/${encodeURI(first!.title)}/0`);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Teams', exact: true })).toHaveAttribute('href', '/home#teams');
  await nav.getByRole('link', { name: 'Teams', exact: true }).click();
  await expect(page).toHaveURL(/\/home#teams$/);
  await expect(page.locator('#teams')).toBeInViewport();
});

test('an unknown address answers 404 with the error page and a way home', async ({ page }) => {
  const response = await page.goto('/no/such/page');
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Unexpected Application Error!');
  await page.getByRole('main').getByRole('link', { name: /home page/i }).click();
  await expect(page).toHaveURL(/\/home$/);
});
