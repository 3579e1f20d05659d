// The site built for a Google Apps Script collector (tests/build-apps-script.js) against a
// stand-in that answers as Apps Script does and runs the project's own collector
// (tests/apps-script/): no preflight, one POST, every character in the sheet; the service
// worker's queue; a refusal told apart from an outage; plain form posts; the honeypot.
// Run in the `apps-script` project, whose Chromium reaches the stand-in under Google's names.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { APPS_SCRIPT_PORT } from '../../playwright.config';
import { staticSite } from '../../server/static-site.js';
import { APPS_SCRIPT_DIST } from '../build-apps-script.js';
import { ANSWER_HOST, SCRIPT_HOST, SCRIPT_PATH, startStandIn, type StandIn } from '../apps-script/stand-in';
import { CONSENT, field, fillStory, formHydrated, keptInWorker, storyForm, visitOnline } from './story-form-page';

const SUCCESS = 'Form Submitted Successfully!';
/** Devanagari with a conjunct, a nukta and emoji with a skin tone: bytes that break in a bad encoding. */
const HINDI = { Name: 'आशा देवी 🙏🏽', Phone: '9876543210', Story: 'मेरे गाँव में बस स्टॉप पर रोशनी नहीं है। 🚌💡\nअब हम साथ चलते हैं 👭 — क़िस्सा' };

let standIn: StandIn;
let server: Server;
let origin: string;

// One stand-in on a fixed port (the browser's resolver rules name it): the tests take turns.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  standIn = await startStandIn(APPS_SCRIPT_PORT);
  server = createServer(staticSite(APPS_SCRIPT_DIST));
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  origin = `http://localhost:${(server.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await standIn.close();
  await new Promise<void>((done) => server.close(() => done()));
});

test.beforeEach(() => standIn.reset());

const posts = () => standIn.seen.filter((seen) => seen.method === 'POST');
const preflights = () => standIn.seen.filter((seen) => seen.method === 'OPTIONS');

async function openForm(page: Page) {
  await page.goto(`${origin}/home#salaamstree`);
  await formHydrated(page);
}

test.describe('with the form’s script, before any service worker', () => {
  test.use({ serviceWorkers: 'block' });

  test('a story reaches the sheet once, as a CORS-simple POST with no preflight, every character intact', async ({ page }) => {
    await openForm(page);
    await fillStory(page, HINDI);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();

    expect(preflights()).toEqual([]);
    expect(posts()).toHaveLength(1);
    const [post] = posts();
    expect(post!.host).toBe(SCRIPT_HOST);
    const url = new URL(post!.url, `https://${SCRIPT_HOST}`);
    expect(url.pathname).toBe(SCRIPT_PATH);
    expect(url.searchParams.get('key')).toMatch(/^[A-Za-z0-9_-]{16,128}$/);
    expect(post!.headers['content-type']).toBe('text/plain;charset=UTF-8');
    expect(post!.headers['idempotency-key']).toBeUndefined();
    expect(post!.body).toBe(JSON.stringify(HINDI));
    // The answer was read from the host the redirect named: the policy let the form follow it.
    expect(standIn.seen.filter((seen) => seen.host === ANSWER_HOST && seen.method === 'GET')).toHaveLength(1);
    expect(standIn.rows()).toEqual([[expect.stringMatching(/^\d{4}-\d\d-\d\dT/), HINDI.Name, HINDI.Phone, HINDI.Story]]);
  });

  test('a filled honeypot is answered as saved, and the sheet stays empty', async ({ page }) => {
    await openForm(page);
    await fillStory(page);
    // Out of sight and out of the Tab order: only a bot (or this test) fills it.
    await storyForm(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    expect(posts()).toHaveLength(1);
    expect(standIn.rows()).toEqual([]);
  });
});

test.describe('through the service worker', () => {
  test('a story written offline is kept, then reaches the sheet once when the connection returns', async ({ page, context }) => {
    const name = `Offline ${Date.now()}`;
    await visitOnline(page, `${origin}/home`);
    await formHydrated(page);
    await fillStory(page, { Name: name });
    await context.setOffline(true);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(storyForm(page).getByRole('status')).toContainText('saved on this phone');
    expect(posts()).toEqual([]);

    await context.setOffline(false);
    await expect(storyForm(page).getByRole('status')).toContainText('has now been sent');
    expect(preflights()).toEqual([]);
    expect(posts()).toHaveLength(1);
    expect(standIn.rows().map((row) => row[1])).toEqual([name]);
    expect(await keptInWorker(page)).toBe(0);
  });

  test('a collector the browser may not hear from is an error she is told about, and nothing is queued', async ({ page }) => {
    await visitOnline(page, `${origin}/home`);
    await formHydrated(page);
    standIn.behaviour.cors = false;
    await fillStory(page);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(storyForm(page).getByRole('alert')).toContainText('could not confirm that your story arrived');
    await expect(storyForm(page).getByRole('status')).not.toContainText('saved on this phone');
    await expect(field(page, 'Story')).toHaveValue('Line one\nLine two');
    expect(await keptInWorker(page)).toBe(0);
  });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form posts to the collector and her page says the story arrived', async ({ page }) => {
    await page.goto(`${origin}/home#salaamstree`);
    await fillStory(page, HINDI);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your story has arrived' })).toBeVisible();
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(new URL(posts()[0]!.url, `https://${SCRIPT_HOST}`).searchParams.get('lang')).toBe('en');
    expect(standIn.rows()).toEqual([[expect.any(String), HINDI.Name, HINDI.Phone, HINDI.Story]]);
  });

  test('a filled honeypot gets the same page, and the sheet stays empty', async ({ page }) => {
    await page.goto(`${origin}/home#salaamstree`);
    await fillStory(page);
    await storyForm(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
    await field(page, CONSENT).check();
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your story has arrived' })).toBeVisible();
    expect(posts()).toHaveLength(1);
    expect(standIn.rows()).toEqual([]);
  });
});
