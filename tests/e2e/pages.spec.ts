import { expect, test } from '@playwright/test';
import { storyCategoryIds, storyNames } from './content';
import { WHOLE_RUN, everyChangeIf } from './runs';

// Titles hold spaces and '&': the addresses must work opened directly, as from a shared link.
for (const [position, category] of storyCategoryIds().entries()) {
  test(`a ${category.title} story page opened directly, then reloaded, shows its story and the form`, everyChangeIf(position === 0), async ({ page }) => {
    const names = storyNames(category.id);
    const index = names.length - 1;
    const response = await page.goto(`/salaamstree/${encodeURI(category.title)}/${index}`);
    expect(response?.status()).toBe(200);
    for (const attempt of ['opened', 'reloaded']) {
      if (attempt === 'reloaded') await page.reload();
      await expect(page.getByRole('heading', { level: 1 }), attempt).toHaveText(names[index]!);
      await expect(page.getByRole('main').getByRole('link', { name: category.title, exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Share your Stories' })).toBeVisible();
      await expect(page.locator('footer#contact')).toBeVisible();
    }
  });
}

test('a category page opened directly, then reloaded, links to every story of the category', WHOLE_RUN, async ({ page }) => {
  const category = storyCategoryIds().at(-1)!;
  const names = storyNames(category.id);
  const response = await page.goto(`/salaamstree/${encodeURI(category.title)}/`);
  expect(response?.status()).toBe(200);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(category.title);
  for (const [index, name] of names.entries()) {
    const link = page.getByRole('main').getByRole('link', { name: new RegExp(`^${name}`) });
    await expect(link).toHaveAttribute('href', new RegExp(`/${index}$`));
  }
});

test('on a story page the nav links lead back to the /home sections', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const [first] = storyCategoryIds();
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
