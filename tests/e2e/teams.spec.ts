import { expect, test } from '@playwright/test';
import { settings } from './content';
import { islandHydrated } from './hydrate';
import { WHOLE_RUN } from './runs';

const { statesReached, teamQuote } = settings as unknown as { statesReached: number; teamQuote: string };

test('the counter counts up in 200 ms steps while screen readers get the final value', async ({ page }) => {
  // Held still: a running clock also counts a busy machine's real seconds between the checks.
  await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
  await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
  await page.goto('/home#teams');
  const shown = page.getByTestId('counter-shown');
  // The server's HTML shows 0 too: the counter's timer exists only once its island has hydrated.
  await islandHydrated(shown);
  await expect(shown).toContainText('0+ States');
  await page.clock.runFor(200 * 5);
  await expect(shown).toContainText('5+ States');
  await page.clock.runFor(200 * (statesReached - 5));
  await expect(shown).toContainText(`${statesReached}+ States`);
  await expect(page.locator('#teams')).toContainText(`${statesReached}+ States`, { useInnerText: false });
});

test('with reduced motion the counter shows the final value at once', WHOLE_RUN, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/home#teams');
  await expect(page.getByTestId('counter-shown')).toContainText(`${statesReached}+ States`);
});

test('the typed quote types itself out while the whole quote stays in the page', WHOLE_RUN, async ({ page }) => {
  await page.clock.install();
  await page.goto('/home#teams');
  const quote = page.locator('#teams blockquote').first();
  await expect(quote.locator('.visually-hidden')).toHaveText(teamQuote);
  const typed = quote.locator('p[aria-hidden="true"]').last();
  // The island hydrates when scrolled into view; time moves on in steps until it deletes and retypes.
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return (await typed.textContent())!.length;
    })
    .toBeLessThan(teamQuote.length);
  expect(teamQuote.startsWith((await typed.textContent())!)).toBe(true);
});

test('without JavaScript the counter reads its final value and the quote is whole', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.locator('#teams')).toContainText(`${statesReached}+ States`);
  await expect(page.locator('#teams blockquote').first()).toContainText(teamQuote);
  await context.close();
});

test('the nav marks the section in view', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await page.locator('#teams').scrollIntoViewIfNeeded();
  await page.evaluate(() => document.getElementById('teams')!.scrollIntoView());
  await expect(nav.getByRole('link', { name: 'Teams' })).toHaveAttribute('aria-current', 'true');
  await page.evaluate(() => document.getElementById('focus')!.scrollIntoView());
  await expect(nav.getByRole('link', { name: 'Our Focus' })).toHaveAttribute('aria-current', 'true');
  await expect(nav.getByRole('link', { name: 'Teams' })).not.toHaveAttribute('aria-current', 'true');
});
