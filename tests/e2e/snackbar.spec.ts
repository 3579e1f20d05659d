// The snackbar (docs/design.md, "Interface contract"): a React island reading the store, which a
// story page wakes only for a message, into a live region that was in the page from the start.
import { expect, test, type Page } from '@playwright/test';
import { storyCategories } from './content';
import { DRAFT_KEY } from '../../src/story-outbox/contract.js';

const SENT_LATER = 'The story you kept on this phone has now been sent. Thank you!';
const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };

// page.route sees no request a service worker answers; a phone at a story's first screen.
test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

/** The addresses of React's renderer the page has asked for so far. */
function reactRequests(page: Page) {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/\/_astro\/client\.[\w-]+\.js/.test(request.url())) asked.push(request.url());
  });
  return asked;
}

test('a story page fetches React for the snackbar only when it has a message, and shows it', async ({ page }) => {
  const [category] = storyCategories();
  const asked = reactRequests(page);
  await page.route('**/api/stories', (route) => route.fulfill({ status: 201, json: { ok: true, outcome: 'saved' } }));
  await page.goto(`/salaamstree/${encodeURI(category!.title)}/0`);
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(undefined))));
  // In the page from the start, empty and hidden: a screen reader announces what is written to it later.
  const snackbar = page.locator('astro-island[client="message"] [role="status"]');
  await expect(snackbar).toBeAttached();
  await expect(snackbar).toHaveText('');
  expect(asked, 'React fetched before any message').toEqual([]);

  // A story kept on the phone while offline goes out as the connection comes back.
  await page.evaluate(
    ([key, story]) => localStorage.setItem(key, JSON.stringify({ ...story, outbox: { key: '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5', story } })),
    [DRAFT_KEY, STORY] as const,
  );
  await page.evaluate(() => dispatchEvent(new Event('online')));
  await expect(page.getByRole('status').filter({ hasText: SENT_LATER })).toBeVisible({ timeout: 0 });
  expect(asked.length, 'React fetched for the message').toBeGreaterThan(0);
});
