// Help one tap away (docs/design.md, "Help and safety, one tap away"): the national helplines on
// every page, with and without JavaScript and offline after one visit; the help bar that opens
// them in one tap; the stay-safe page; and nothing of it wider than a 240 px feature phone.
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { staySafeSections } from './content';
import { HELPLINES, EXIT_ADDRESS, STORY } from './help-fixtures';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

/** Every page but the splash, which shows for 3 seconds and then replaces itself with /home. */
const PAGES = PAGE_TYPES.filter(({ path }) => path !== '/');

const helpBar = (page: Page) => page.getByRole('navigation', { name: 'Help and safety' });

/** Each helpline is a call link named by its number, with what it is for beside it. */
async function expectHelplines(page: Page) {
  const section = page.locator('#helplines');
  for (const { number, freeNumber, purpose } of HELPLINES) {
    await expect(section.getByRole('link', { name: new RegExp(`^${number}\\b`) })).toHaveAttribute('href', `tel:${number}`);
    await expect(section).toContainText(purpose);
    if (freeNumber) await expect(section.getByRole('link', { name: freeNumber, exact: true })).toHaveAttribute('href', `tel:${freeNumber}`);
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? 'with JavaScript' : 'without JavaScript', () => {
    test.use({ javaScriptEnabled });

    for (const { name, path } of PAGES) {
      test(`the ${name} page lists the national helplines as call links`, everyChangeIf(name === (javaScriptEnabled ? 'home' : 'story')), async ({ page }) => {
        await page.goto(path);
        await expectHelplines(page);
      });
    }

    test('at 360 px one tap on Helplines brings the helplines into view', everyChangeIf(javaScriptEnabled), async ({ page }) => {
      await page.setViewportSize({ width: 360, height: 740 });
      await page.goto(STORY.path);
      await helpBar(page).getByRole('link', { name: 'Helplines' }).click();
      const first = page.locator('#helplines').getByRole('link', { name: new RegExp(`^${HELPLINES[0]!.number}\\b`) });
      await expect(first).toBeInViewport();
      // Not hidden under the header and the help bar that stay at the top.
      await expect.poll(() => first.evaluate((link) => {
        const box = link.getBoundingClientRect();
        return link.contains(document.elementFromPoint(box.x + 4, box.y + box.height / 2));
      })).toBe(true);
    });

    for (const width of [240, 360]) {
      test(`at ${width} px the help bar, the helplines and the story's tools fit the screen`, everyChangeIf(width === 240 && javaScriptEnabled), async ({ page }) => {
        await page.setViewportSize({ width, height: 320 });
        for (const path of ['/home', STORY.path, '/stay-safe/']) {
          await page.goto(path);
          for (const part of [helpBar(page), page.locator('#helplines'), page.getByRole('group', { name: 'Listen and share' })]) {
            if ((await part.count()) === 0) continue;
            const sizes = await part.evaluate((el) => ({ right: el.getBoundingClientRect().right, scroll: el.scrollWidth, client: el.clientWidth }));
            expect(sizes.right, path).toBeLessThanOrEqual(width);
            expect(sizes.scroll, path).toBeLessThanOrEqual(sizes.client);
          }
          // The exit is on the bar's one row, whole.
          const exit = helpBar(page).getByRole('link', { name: 'Exit this page' });
          const box = (await exit.boundingBox())!;
          expect(box.x + box.width, path).toBeLessThanOrEqual(width);
        }
      });
    }
  });
}

test('after one visit the helplines read offline, on a page kept and on one never opened', WHOLE_RUN, async ({ page, context }) => {
  await page.goto('/home');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.goto('/home');
  await expectHelplines(page);
  await page.goto('/handmade/');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  await expectHelplines(page);
});

test('the help bar and the footer lead to the stay-safe page', WHOLE_RUN, async ({ page }) => {
  await page.goto('/handmade/');
  await helpBar(page).getByRole('link', { name: 'Stay safe' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Staying safe on this site');
  await expect(helpBar(page).getByRole('link', { name: 'Stay safe' })).toHaveAttribute('aria-current', 'page');
  await page.goto('/handmade/');
  await page.locator('footer').getByRole('link', { name: 'How to visit this site safely' }).click();
  await expect(page).toHaveURL(/\/stay-safe\/$/);
});

test('the stay-safe page says what quick exit does not do and how to remove what the phone keeps', async ({ page }) => {
  await page.goto('/stay-safe/');
  const main = page.getByRole('main');
  for (const heading of [
    'If you are in danger now',
    'Leave this site quickly',
    'What Exit this page does, and what it does not do',
    'What this site keeps on your phone',
    'Delete history and site data',
    'Use a private tab',
  ]) {
    await expect(main.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  await expect(main.getByRole('heading', { level: 3, name: 'Chrome' })).toBeVisible();
  await expect(main.getByRole('heading', { level: 3, name: 'Samsung Internet' })).toBeVisible();
  await expect(main).toContainText('delete your browsing history');
  // It names the neutral site the settings give, as a visitor knows it.
  await expect(main).toContainText(`${new URL(EXIT_ADDRESS).hostname.replace(/^www\./, '')} opens in its place`);
  await expect(main.getByRole('link', { name: new RegExp(`^${HELPLINES[0]!.number}\\b`) })).toBeVisible();
  await expect(main.locator('strong', { hasText: 'Exit this page' })).toBeVisible();
});

// Issue 33: her recording is as private as her words, and the page must say so.
for (const [path, locale, strings, recorded, heard] of [['/stay-safe/', 'en', en, /\brecord/i, /\bhear\b/], ['/hi/stay-safe/', 'hi', hi, /रिकॉर्ड/, /सुन सकते/]] as const) {
  test(`${path} lists her recording in what the site keeps and in what Exit this page removes, and warns it can be overheard`, everyChangeIf(locale === 'hi'), async ({ page }) => {
    await page.goto(path);
    const main = page.getByRole('main');
    const section = (heading: string) => main.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: heading, exact: true }) });
    const [, exitSection, keepsSection] = staySafeSections(locale);
    // What Exit this page does: its first list.
    await expect(section(exitSection!.heading).locator('ul').first().locator('li').filter({ hasText: recorded })).toHaveCount(1);
    // What the site keeps, and the button under the form that removes it.
    const kept = section(keepsSection!.heading).locator('li').filter({ hasText: recorded });
    await expect(kept.first()).toBeVisible();
    await expect(kept.locator('strong', { hasText: strings.form.deleteDraft })).toBeVisible();
    await expect(main.locator('p').filter({ hasText: recorded }).filter({ hasText: heard })).toHaveCount(1);
  });
}
