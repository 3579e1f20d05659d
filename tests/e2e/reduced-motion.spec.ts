// A visitor who asks her phone for less motion gets none: no spinning, sliding, typing or
// counting (docs/design.md: motion respects prefers-reduced-motion).
import { expect, test, type Page } from '@playwright/test';
import { settings } from './content';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

const { teamQuote } = settings as unknown as { teamQuote: string };

/** CSS animations and transitions, and script animations, running now. */
const running = (page: Page) =>
  page.evaluate(() => document.getAnimations().filter((a) => a.playState === 'running')
    .map((a) => `${(a.effect as KeyframeEffect | null)?.target?.className ?? '?'}: ${(a as CSSAnimation).animationName ?? a.constructor.name}`));

test.use({ viewport: { width: 360, height: 740 } });

test('the splash spinner turns when motion is welcome', WHOLE_RUN, async ({ page }) => {
  await page.clock.install();
  await page.goto('/');
  expect(await running(page)).not.toEqual([]);
});

test.describe('with reduced motion', () => {
  test.beforeEach(async ({ page }) => page.emulateMedia({ reducedMotion: 'reduce' }));

  test('the splash spinner stands still', async ({ page }) => {
    await page.clock.install();
    await page.goto('/');
    await expect(page.getByRole('status')).toHaveText('Loading...');
    expect(await running(page)).toEqual([]);
  });

  for (const { name, path } of PAGE_TYPES.filter((p) => p.path !== '/')) {
    test(`nothing moves on the ${name} page, with the menu open too`, everyChangeIf(name === 'home'), async ({ page }) => {
      await page.goto(path);
      await hydrateEveryIsland(page);
      await page.getByRole('button', { name: /menu/i }).click();
      await expect(page.getByRole('dialog')).toBeVisible();
      expect(await running(page)).toEqual([]);
    });
  }

  test('the team quote stands whole instead of typing itself', WHOLE_RUN, async ({ page }) => {
    await page.clock.install();
    await page.goto('/home#teams');
    const quote = page.locator('#teams blockquote').first();
    await quote.scrollIntoViewIfNeeded();
    await expect(page.locator('astro-island[ssr]').filter({ has: quote })).toHaveCount(0);
    await page.clock.runFor(5000);
    await expect(quote.locator('p[aria-hidden="true"]').last()).toHaveText(teamQuote);
  });
});
