// A visitor who loses her connection after a first visit (README, "Offline"): what she saw still
// opens, the rest says she is offline and where to call for help, and a story she writes then
// reaches the inbox once the connection is back, exactly once.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { hi } from '../../src/i18n/hi';
import { bannerHeadings, storyCategories, storyNames, storyCategoryIds } from './content';
import { CONSENT, field, formHydrated, keptInWorker, storyForm, visitOnline } from './story-form-page';
import { WHOLE_RUN } from './runs';

/** docs/design.md, "Help and safety, one tap away": emergency, women helpline, childline. */
const HELPLINES = ['112', '181', '1098'];

/** Rows the inbox saved for this name; other tests write to the same file, or none yet. */
function rowsNamed(name: string) {
  if (!existsSync(E2E_INBOX_FILE)) return [];
  const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
  return rows.filter((row) => row.Name === name);
}

test('after a first visit, /home and the splash open offline', WHOLE_RUN, async ({ page, context }) => {
  await visitOnline(page, '/home');
  await context.setOffline(true);
  await page.goto('/home');
  await expect(page.getByRole('heading', { name: bannerHeadings()[0] })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Share your Stories' })).toBeVisible();
  await page.goto('/');
  await expect(page.getByRole('img', { name: 'STREE home' })).toBeVisible();
});

/** What the worker's caches hold: each cache's name and its entries' addresses and bodies. */
function cachedScripts(page: Page) {
  return page.evaluate(async () => {
    const entries: { cache: string; url: string; body: string }[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        if (!new URL(request.url).pathname.endsWith('.js')) continue;
        const response = await cache.match(request);
        entries.push({ cache: name, url: request.url, body: (await response?.text()) ?? '' });
      }
    }
    return entries;
  });
}
/** Every production build of React carries the address of its error decoder. */
const isReact = (code: string) => code.includes('react.dev/errors/');
/** Swiper's own code: its default class names. */
const isSwiper = (code: string) => code.includes('swiper-slide-active');

// Metered data: a first visit keeps for offline use what the pages run at once, not the 100 KB of
// React and Swiper that wait for her to scroll or touch.
test('a first visit keeps the pages\' own scripts for offline use, and no React or Swiper', WHOLE_RUN, async ({ page }) => {
  await visitOnline(page, '/home');
  const ownScripts = await page.locator('script[type="module"][src]').evaluateAll((scripts) => scripts.map((s) => (s as HTMLScriptElement).src));
  const precached = (await cachedScripts(page)).filter(({ cache }) => cache.startsWith('workbox-precache'));
  const precachedUrls = precached.map(({ url }) => url.split('?')[0]);
  expect(ownScripts.length).toBeGreaterThan(0);
  for (const script of ownScripts) expect(precachedUrls, `${script} is kept for offline use`).toContain(script);
  expect(precached.filter(({ body }) => isReact(body) || isSwiper(body)).map(({ url }) => url)).toEqual([]);
});

test('a script she used online is kept: the story form wakes offline the next time', WHOLE_RUN, async ({ page, context }) => {
  await visitOnline(page, '/home');
  await formHydrated(page);
  await context.setOffline(true);
  await page.reload();
  await formHydrated(page);
  expect((await cachedScripts(page)).some(({ cache, body }) => cache === 'scripts' && isReact(body))).toBe(true);
});

test('a story read online opens offline, with its pictures', WHOLE_RUN, async ({ page, context }) => {
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

test('with the worker in control, a story sent online is saved once and the snackbar shows', WHOLE_RUN, async ({ page }) => {
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

  // The worker's queue and the page both keep it until the inbox confirms it; Background Sync
  // sends it when the connection returns, and the page hears which story went.
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('stree:story-draft') ?? 'null')?.outbox?.queued)).toBe(true);
  await context.setOffline(false);
  await expect(form.getByRole('status')).toContainText('has now been sent');
  expect(rowsNamed(name)).toHaveLength(1);

  // Nothing is left to send again: not in the worker's queue, not in the page's draft.
  await expect.poll(() => keptInWorker(page), { timeout: 0 }).toBe(0);
  expect(await page.evaluate(() => localStorage.getItem('stree:story-draft'))).toBeNull();
  expect(rowsNamed(name)).toHaveLength(1);
});

/** The story form on the page, hydrated and filled in with consent. */
async function fillForm(page: Page, name: string) {
  await formHydrated(page);
  await field(page, 'Name').fill(name);
  await field(page, 'Phone').fill('9876543210');
  await field(page, 'Story').fill('Written with no signal.');
  await field(page, CONSENT).check();
  return storyForm(page);
}

test('a plain form post offline (the form’s script did not take over) is kept, said so first, never posted again by a reload, and sent once later', async ({ page, context }) => {
  const name = `Plain offline ${Date.now()}`;
  await visitOnline(page, '/home');
  const form = await fillForm(page, name);
  await context.setOffline(true);
  // What the browser does with the form when no script handles Submit: a navigation that POSTs it.
  await form.evaluate((element: HTMLFormElement) => HTMLFormElement.prototype.submit.call(element));
  // The worker answered with a 303: she is on a page of its own, read with a GET.
  await expect(page).toHaveURL(/\/story-kept\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your story is kept on this phone');
  await expect(page.locator('main p').first()).toHaveText('It goes out by itself when the connection comes back. You do not need to send it again.');
  await expect(page.getByText('You are offline')).toHaveCount(0);
  expect(await keptInWorker(page)).toBe(1);

  // A reload shows the same page and posts nothing: still one story kept.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your story is kept on this phone');
  expect(await keptInWorker(page)).toBe(1);
  expect(rowsNamed(name)).toHaveLength(0);

  await context.setOffline(false);
  // Background Sync sends it by itself: the row appearing in the inbox is the event.
  await expect.poll(() => rowsNamed(name).length, { timeout: 0 }).toBe(1);
  expect(await keptInWorker(page)).toBe(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your story is kept on this phone');
  expect(rowsNamed(name)).toHaveLength(1);
});

test('a plain form post kept offline from the Hindi edition says so in Hindi', WHOLE_RUN, async ({ page, context }) => {
  await visitOnline(page, '/hi/home');
  await context.setOffline(true);
  await page.locator('form').filter({ has: page.locator('textarea[name="Story"]') }).evaluate((element: HTMLFormElement) => {
    for (const [name, value] of [['Name', 'आशा'], ['Phone', '9876543210'], ['Story', 'बिना इंटरनेट के लिखी कहानी।']]) {
      (element.elements.namedItem(name!) as HTMLInputElement).value = value!;
    }
    HTMLFormElement.prototype.submit.call(element);
  });
  await expect(page).toHaveURL(/\/hi\/story-kept\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(hi.storyKept.title);
});
