// Quick exit (docs/design.md, "Help and safety, one tap away"; docs/help.md): Exit this page on
// every page, in view at 360 px however far she scrolls; it blanks the page at once, deletes the
// story she was typing and replaces the page with the neutral site, so Back does not return.
// Shift three times within 5 seconds does the same. No test leaves the machine: the neutral site
// is answered by a stand-in, with the service worker blocked so the stand-in sees every request.
import { expect, test, type Page } from '@playwright/test';
import { hydrateEveryIsland } from './hydrate';
import { EXIT_ADDRESS, STORY, standInForNeutralSite } from './help-fixtures';
import { WHOLE_RUN, everyChangeIf } from './runs';

const DRAFT_KEY = 'stree:story-draft'; // src/story-outbox/contract.js

test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

const exitLink = (page: Page) => page.getByRole('link', { name: 'Exit this page', exact: true });
const liveRegion = (page: Page) => page.getByRole('navigation', { name: 'Help and safety' }).getByRole('status');

/** Whether the exit control is the topmost thing at its own centre: on screen and covered by nothing. */
const exitIsUncovered = (page: Page) =>
  exitLink(page).evaluate((link) => {
    const box = link.getBoundingClientRect();
    const inView = box.top >= 0 && box.bottom <= innerHeight && box.left >= 0 && box.right <= innerWidth;
    return inView && link.contains(document.elementFromPoint(box.x + box.width / 2, box.y + box.height / 2));
  });

/** The words kept on the phone, read from a fresh tab of the site once she has left. */
async function keptDraft(page: Page) {
  const again = await page.context().newPage();
  await again.goto('/offline/');
  const kept = await again.evaluate((key) => localStorage.getItem(key), DRAFT_KEY);
  await again.close();
  return kept;
}

for (const path of ['/home', STORY.path, '/stay-safe/']) {
  test(`on ${path} Exit this page is in view at 360 px, at the top and however far she scrolls`, everyChangeIf(path === '/home'), async ({ page }) => {
    await page.goto(path);
    await hydrateEveryIsland(page);
    for (const share of [0, 0.33, 0.66, 1]) {
      await page.evaluate((at) => window.scrollTo({ top: at * document.documentElement.scrollHeight, behavior: 'instant' }), share);
      expect(await exitIsUncovered(page), `scrolled to ${share * 100}%`).toBe(true);
    }
  });
}

test('Exit this page blanks the page at once, before the neutral site has answered', async ({ page }) => {
  // The neutral site never answers: what she sees is the page she is leaving.
  await standInForNeutralSite(page, new Promise(() => {}));
  await page.goto(STORY.path);
  // Read in the same task as the tap: "at once" means before the browser paints again.
  const left = await page.evaluate(() => {
    document.querySelector<HTMLAnchorElement>('a[data-quick-exit]')!.click();
    return {
      // Hidden, not only covered: nothing of the page is left to see, hear or reach with Tab.
      shown: [...document.body.children].filter((el) => !el.matches('[data-quick-exit-cover]') && el.checkVisibility()).map((el) => el.tagName),
      cover: document.querySelector('[data-quick-exit-cover]')!.checkVisibility(),
      title: document.title,
      alert: document.querySelector('[role="alert"]')?.textContent,
    };
  });
  expect(left).toEqual({ shown: [], cover: true, title: '', alert: 'Loading...' });
});

test('Exit this page deletes the story she was typing from the phone', async ({ page }) => {
  await standInForNeutralSite(page);
  await page.goto(STORY.path);
  const story = page.getByLabel('Story', { exact: true });
  await story.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]').filter({ has: story })).toHaveCount(0); // hydrated
  await story.fill('Words no one else should read.');
  await expect.poll(() => page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toContain('no one else');
  await exitLink(page).click();
  await expect(page).toHaveURL(EXIT_ADDRESS);
  expect(await keptDraft(page)).toBeNull();
});

test('a story she already submitted stays queued for sending, marked never to show again', WHOLE_RUN, async ({ page }) => {
  await standInForNeutralSite(page);
  await page.goto('/home');
  const sent = { Name: 'Asha', Phone: '9876543210', Story: 'Sent while offline.' };
  await page.evaluate(([key, story]) => localStorage.setItem(key, JSON.stringify({ Name: 'A', Phone: '', Story: 'typed after', outbox: { key: 'k-1', story } })), [DRAFT_KEY, sent] as const);
  await exitLink(page).click();
  await expect(page).toHaveURL(EXIT_ADDRESS);
  expect(JSON.parse((await keptDraft(page))!)).toEqual({ Name: '', Phone: '', Story: '', outbox: { key: 'k-1', story: sent, quiet: true } });
});

test('Back after Exit this page does not return to the page she left', async ({ page }) => {
  await standInForNeutralSite(page);
  await page.goto('/home');
  await page.goto(STORY.path);
  const entries = await page.evaluate(() => history.length);
  await exitLink(page).click();
  await expect(page).toHaveURL(EXIT_ADDRESS);
  // The story page was replaced, not followed: no new entry, and Back goes to the page before it.
  expect(await page.evaluate(() => history.length)).toBe(entries);
  await page.goBack();
  await expect(page).toHaveURL(/\/home\/?$/);
});

test('the neutral site is not told which site she came from', async ({ page }) => {
  const requests = await standInForNeutralSite(page);
  await page.goto(STORY.path);
  await exitLink(page).click();
  await expect(page).toHaveURL(EXIT_ADDRESS);
  expect(await requests[0]!.headerValue('referer')).toBeNull();
});

test.describe('Shift three times', () => {
  test.beforeEach(async ({ page }) => {
    await standInForNeutralSite(page);
    await page.clock.install();
    await page.goto(STORY.path);
  });

  test('three Shift presses within 5 seconds leave the page', async ({ page }) => {
    await page.keyboard.press('Shift');
    await page.clock.runFor(2000);
    await page.keyboard.press('Shift');
    await page.clock.runFor(2000);
    await page.keyboard.press('Shift');
    await expect(page).toHaveURL(EXIT_ADDRESS);
  });

  test('the hidden live region says how many presses remain, and when the time ran out', WHOLE_RUN, async ({ page }) => {
    await page.keyboard.press('Shift');
    await expect(liveRegion(page)).toHaveText('Shift, press 2 more times to exit.');
    await page.keyboard.press('Shift');
    await expect(liveRegion(page)).toHaveText('Shift, press 1 more time to exit.');
    await page.clock.runFor(5000);
    await expect(liveRegion(page)).toHaveText('Exit this page expired.');
    await expect(liveRegion(page)).toHaveClass(/visually-hidden/);
  });

  test('presses spread over more than 5 seconds do not leave the page', WHOLE_RUN, async ({ page }) => {
    await page.keyboard.press('Shift');
    await page.clock.runFor(3000);
    await page.keyboard.press('Shift');
    await page.clock.runFor(2500);
    await page.keyboard.press('Shift');
    await expect(liveRegion(page)).toHaveText('Shift, press 2 more times to exit.');
    await expect(page.getByRole('main')).toBeVisible();
    expect(page.url()).not.toBe(EXIT_ADDRESS);
  });

  test('any other key between the presses starts the count again', WHOLE_RUN, async ({ page }) => {
    await page.keyboard.press('Shift');
    await page.keyboard.press('Shift');
    await page.keyboard.press('a');
    await expect(liveRegion(page)).toHaveText('Exit this page expired.');
    await page.keyboard.press('Shift');
    await expect(liveRegion(page)).toHaveText('Shift, press 2 more times to exit.');
    await expect(page.getByRole('main')).toBeVisible();
  });

  test('a Shift released after typing a capital letter does not count', WHOLE_RUN, async ({ page }) => {
    // Shift held for a capital, then released: GOV.UK's reason for counting on keyup.
    await page.keyboard.down('Shift');
    await page.keyboard.press('A');
    await page.keyboard.up('Shift');
    await page.keyboard.press('Shift');
    await page.keyboard.press('Shift');
    await expect(liveRegion(page)).toHaveText('Shift, press 1 more time to exit.');
    await expect(page.getByRole('main')).toBeVisible();
  });
});

test('a page the browser shows again from its back-forward cache is not left blank', WHOLE_RUN, async ({ page }) => {
  // The neutral site never answers, so the page she is leaving stays in the tab.
  await standInForNeutralSite(page, new Promise(() => {}));
  await page.goto(STORY.path);
  const shown = await page.evaluate(() => {
    document.querySelector<HTMLAnchorElement>('a[data-quick-exit]')!.click();
    const blank = !document.querySelector('main')!.checkVisibility();
    // Playwright's Chromium runs without the back-forward cache: this is the event a restore fires.
    dispatchEvent(new PageTransitionEvent('pageshow', { persisted: true }));
    return {
      blank,
      main: document.querySelector('main')!.checkVisibility(),
      exit: document.querySelector('a[data-quick-exit]')!.checkVisibility(),
      cover: document.querySelector('[data-quick-exit-cover]')!.checkVisibility(),
      titled: document.title !== '',
    };
  });
  expect(shown).toEqual({ blank: true, main: true, exit: true, cover: false, titled: true });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Exit this page is a plain link to the neutral site', async ({ page }) => {
    await standInForNeutralSite(page);
    await page.goto(STORY.path);
    await expect(exitLink(page)).toHaveAttribute('href', EXIT_ADDRESS);
    await expect(exitLink(page)).toHaveAttribute('rel', /noreferrer/);
    await exitLink(page).click();
    await expect(page).toHaveURL(EXIT_ADDRESS);
  });
});
