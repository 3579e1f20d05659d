// A visitor who loses her connection after a first visit (README, "Offline"): what she saw still
// opens, the rest says she is offline and where to call for help, and a story she writes then
// reaches the inbox once the connection is back, exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { bannerHeadings, storyCategories, storyNames, storyCategoryIds } from './content';

const CONSENT = "I'd like to publish my story on the STREE platform.";
/** docs/design.md, "Help and safety, one tap away": emergency, women helpline, childline. */
const HELPLINES = ['112', '181', '1098'];

/** The first visit: the page loads, and the service worker installs and takes control of it. */
async function visitOnline(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
}

/** Rows the inbox saved for this name; other tests write to the same file, or none yet. */
function rowsNamed(name: string) {
  if (!existsSync(E2E_INBOX_FILE)) return [];
  const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
  return rows.filter((row) => row.Name === name);
}

test('after a first visit, /home and the splash open offline', async ({ page, context }) => {
  await visitOnline(page, '/home');
  await context.setOffline(true);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: bannerHeadings()[0] })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share your Stories' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'STREE home' })).toBeVisible();
});

test('a story read online opens offline, with its pictures', async ({ page, context }) => {
  const [category] = storyCategories();
  const [name] = storyNames(storyCategoryIds()[0]!.id);
  const story = `/salaamstree/${encodeURI(category!.title)}/0`;
  await visitOnline(page, '/home');
  // Static hosts redirect a story link to its folder address (…/0 → …/0/): it is kept under that one.
  await page.goto(`${story}/`);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await context.setOffline(true);
  await page.goto(story);
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  const portrait = page.getByRole('article').locator('img.portrait');
  await expect(portrait).toHaveJSProperty('complete', true);
  expect(await portrait.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
});

test('a page not read before shows the offline page, with the helplines to call', async ({ page, context }) => {
  await visitOnline(page, '/home');
  await context.setOffline(true);
  await page.goto('/inspiring-women/');
  await expect(page.getByRole('heading', { level: 1, name: 'You are offline' })).toBeVisible();
  const main = page.getByRole('main');
  for (const number of HELPLINES) {
    await expect(main.getByRole('link', { name: new RegExp(`^${number}\\b`) })).toHaveAttribute('href', `tel:${number}`);
  }
  await page.getByRole('main').getByRole('link', { name: /home page/i }).click();
  await expect(page.getByRole('heading', { name: bannerHeadings()[0] })).toBeVisible();
});

test('with the worker in control, a story sent online is saved once and the snackbar shows', async ({ page }) => {
  const name = `Online ${Date.now()}`;
  await visitOnline(page, '/home');
  const form = await fillForm(page, name);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
  expect(rowsNamed(name)).toHaveLength(1);
});

test('a story submitted offline is kept, then sent exactly once when the connection returns', async ({ page, context }) => {
  const name = `Offline ${Date.now()}`;
  await visitOnline(page, '/home');
  const form = await fillForm(page, name);

  await context.setOffline(true);
  await form.getByRole('button', { name: 'Submit' }).click();
  await expect(form.getByRole('status')).toContainText('saved on this phone');
  await expect(form.getByLabel('Story', { exact: true })).toHaveValue('');
  expect(rowsNamed(name)).toHaveLength(0);

  const sent = context.waitForEvent('request', (request) => request.method() === 'POST' && request.url().endsWith('/api/stories'));
  await context.setOffline(false);
  await expect(form.getByRole('status')).toContainText('has now been sent');
  expect(rowsNamed(name)).toHaveLength(1);
  // The worker's queue sent it (Background Sync), not the page.
  expect((await sent).serviceWorker()).not.toBeNull();

  // Nothing is left to send again: not in the worker's queue, not in the page's draft.
  expect(await keptInWorker(page)).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('stree:story-draft'))).toBeNull();
});

/** The story form on the page, hydrated and filled in with consent. */
async function fillForm(page: Page, name: string) {
  const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });
  await form.scrollIntoViewIfNeeded();
  await expect(page.locator('astro-island[ssr]').filter({ has: form })).toHaveCount(0); // hydrated
  await form.getByLabel('Name', { exact: true }).fill(name);
  await form.getByLabel('Phone', { exact: true }).fill('9876543210');
  await form.getByLabel('Story', { exact: true }).fill('Written with no signal.');
  await form.getByLabel(CONSENT).check();
  return form;
}

/** Stories waiting in workbox-background-sync's IndexedDB store. */
function keptInWorker(page: Page) {
  return page.evaluate(
    () =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('workbox-background-sync');
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const count = open.result.transaction('requests').objectStore('requests').count();
          count.onsuccess = () => resolve(count.result);
          count.onerror = () => reject(count.error);
        };
      }),
  );
}
