import { expect, test, type Page } from '@playwright/test';
import { storyCategoryIds, storyNames } from './content';
import { WHOLE_RUN, everyChangeIf } from './runs';

const categories = storyCategoryIds();
const tabs = (page: Page) => page.locator('#salaamstree').getByRole('tab');

for (const width of [360, 1280]) {
  test.describe(`gallery at ${width} px`, everyChangeIf(width === 360), () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    test.beforeEach(async ({ page }) => {
      await page.goto('/home#salaamstree');
      await expect(tabs(page)).toHaveCount(categories.length);
    });

    test('one tab per category, labelled by its title, the first selected', WHOLE_RUN, async ({ page }) => {
      await expect(tabs(page)).toHaveText(categories.map((c) => c.title));
      await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
      const panel = page.getByRole('tabpanel');
      await expect(panel.getByRole('link', { name: storyNames(categories[0]!.id)[0] })).toBeVisible();
    });

    test('arrow keys, Home and End move between tabs and show their stories', async ({ page }) => {
      await tabs(page).first().focus();
      await page.keyboard.press('ArrowRight');
      await expect(tabs(page).nth(1)).toBeFocused();
      await expect(tabs(page).nth(1)).toHaveAttribute('aria-selected', 'true');
      await expect(page.getByRole('tabpanel').getByRole('link', { name: storyNames(categories[1]!.id)[0] })).toBeVisible();
      await page.keyboard.press('End');
      await expect(tabs(page).last()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowRight');
      await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('ArrowLeft');
      await expect(tabs(page).last()).toHaveAttribute('aria-selected', 'true');
      await page.keyboard.press('Home');
      await expect(tabs(page).first()).toHaveAttribute('aria-selected', 'true');
    });

    test('a card leads to its story page', async ({ page }) => {
      const last = categories.at(-1)!;
      await tabs(page).last().click();
      const name = storyNames(last.id)[1]!;
      await page.getByRole('tabpanel').getByRole('link', { name }).click();
      await expect(page).toHaveURL(new RegExp(`/salaamstree/${encodeURI(last.title).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/1$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
    });
  });
}

test('at 360 px the tab strip overflows and offers scroll buttons', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/home#salaamstree');
  await expect(page.getByRole('button', { name: 'Show more categories' })).toBeVisible();
});

test('without JavaScript each category is a link to its page of stories', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  const last = categories.at(-1)!;
  await page.locator('#salaamstree').getByRole('link', { name: last.title, exact: true }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(last.title);
  for (const name of storyNames(last.id)) await expect(page.getByRole('link', { name })).toBeVisible();
  await context.close();
});
