// The site as deployed elsewhere, stories to a Google Apps Script collector (tests/build-elsewhere.js), against a
// stand-in that answers as Google documents and runs the project's own collector
// (tests/apps-script/): no preflight, one POST, every character in the sheet; the service
// worker's queue; "try again" (a busy lock) kept and sent again; plain form posts from a browser
// that runs no module scripts, answered in Google's sandboxed frame, whose links and corrected
// form leave it; the honeypot. Run in the `apps-script` project, whose Chromium reaches the
// stand-in under Google's names.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { APPS_SCRIPT_PORT } from '../../playwright.config';
import { en } from '../../src/i18n/en';
import { gu } from '../../src/i18n/gu';
import { hi } from '../../src/i18n/hi';
import { APPS_SCRIPT_ENDPOINT } from '../build-elsewhere.js';
import { newStoryKey } from '../../src/story-outbox/contract.js';
import { storyRequest } from '../../src/story-outbox/send';
import { ANSWER_HOST, SCRIPT_HOST, SCRIPT_PATH, STAND_ALONE_SANDBOX, type StandIn } from '../apps-script/stand-in';
import { startAppsScriptSite, type AppsScriptSite } from '../apps-script/site';
import { CONSENT, field, fillStory, formHydrated, keptInWorker, storyForm, visitOnline } from './story-form-page';
import { WHOLE_RUN } from './runs';

const SUCCESS = 'Form Submitted Successfully!';
/** Devanagari with a conjunct, a nukta and emoji with a skin tone: bytes that break in a bad encoding. */
const HINDI = { Name: 'आशा देवी 🙏🏽', Phone: '9876543210', Story: 'मेरे गाँव में बस स्टॉप पर रोशनी नहीं है। 🚌💡\nअब हम साथ चलते हैं 👭 — क़िस्सा' };

let standIn: StandIn;
let served: AppsScriptSite;
/** The site's address, its sub-path included: `${site}/home` is its home page. */
let site: string;

// One stand-in on a fixed port (the browser's resolver rules name it): the tests take turns.
test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  served = await startAppsScriptSite(APPS_SCRIPT_PORT);
  ({ standIn, address: site } = served);
});

test.afterAll(() => served?.close());

test.beforeEach(() => standIn.reset());

const posts = () => standIn.seen.filter((seen) => seen.method === 'POST');
/** The key of the story the phone keeps to send (its outbox), or null. */
const outboxKey = (page: Page) => page.evaluate(() => JSON.parse(localStorage.getItem('stree:story-draft') ?? 'null')?.outbox?.key ?? null);
const preflights = () => standIn.seen.filter((seen) => seen.method === 'OPTIONS');

async function openForm(page: Page) {
  await page.goto(`${site}/home#salaamstree`);
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
    // The key is written with the row, in one step.
    expect(standIn.rows()).toEqual([[expect.stringMatching(/^\d{4}-\d\d-\d\dT/), HINDI.Name, HINDI.Phone, HINDI.Story, url.searchParams.get('key'), '']]);
  });

  test('a busy sheet ("try again") is not a refusal: she is told it is not sent yet, and it goes once at her next visit', WHOLE_RUN, async ({ page }) => {
    await openForm(page);
    standIn.collector.lock.busy = true;
    await fillStory(page);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(storyForm(page).getByRole('alert')).toContainText('Your story is not sent yet');
    expect(standIn.collector.lock.timeouts).toBe(1);
    expect(standIn.rows()).toEqual([]);

    standIn.collector.lock.busy = false;
    await page.reload();
    // The story kept on the phone goes by itself, with the key it was first sent with, and only
    // then leaves the phone.
    await expect.poll(() => standIn.rows().length).toBe(1);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('stree:story-draft'))).toBeNull();
    expect(posts()).toHaveLength(2);
    const keys = posts().map((post) => new URL(post.url, `https://${SCRIPT_HOST}`).searchParams.get('key'));
    expect(keys[1]).toBe(keys[0]);
    expect(standIn.rows().map((row) => row[1])).toEqual(['Asha']);
  });

  test('a quota reached (Google’s own error page, no CORS header) is never taken as saved: her words stay, kept to go later', async ({ page }) => {
    await openForm(page);
    standIn.behaviour.quota = true;
    await fillStory(page);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    // Not "blocked": the browser hides Google's page as it hides a CORS refusal, and a quota passes.
    await expect(storyForm(page).getByRole('alert')).toHaveText(en.form.unconfirmed);
    await expect(field(page, 'Story')).toHaveValue('Line one\nLine two');
    expect(posts()).toHaveLength(1);
    expect(standIn.rows()).toEqual([]);
    expect(await outboxKey(page)).toBeTruthy();

    // The quota passes: the next visit sends it by itself, with its key, once.
    standIn.behaviour.quota = false;
    await page.reload();
    await expect.poll(() => standIn.rows().length, { timeout: 0 }).toBe(1);
    await expect.poll(() => outboxKey(page), { timeout: 0 }).toBeNull();
  });

  test('a filled honeypot is answered as saved, and the sheet stays empty', WHOLE_RUN, async ({ page }) => {
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
    await visitOnline(page, `${site}/home`);
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

  test('a collector whose answer the browser may not read is "not confirmed": her words stay, and the story is kept to go later', WHOLE_RUN, async ({ page }) => {
    await visitOnline(page, `${site}/home`);
    await formHydrated(page);
    standIn.behaviour.cors = false;
    await fillStory(page);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    // From another origin that is also Google's quota page: not blocked for ever (docs/stories.md).
    await expect(storyForm(page).getByRole('alert')).toHaveText(en.form.unconfirmed);
    await expect(storyForm(page).getByRole('status')).not.toContainText('saved on this phone');
    await expect(field(page, 'Story')).toHaveValue('Line one\nLine two');
    expect(await outboxKey(page)).toBeTruthy();
  });
});

/** The page Apps Script shows in its sandboxed frame, once the wrapper has built it. */
async function answerFrame(page: Page): Promise<Frame> {
  const frame = page.locator('iframe');
  await expect(frame).toHaveCount(1);
  await expect(page.frameLocator('iframe').locator('h1')).toBeVisible();
  return (await (await frame.elementHandle())!.contentFrame())!;
}

test.describe('from a browser that runs no module scripts (a JioPhone-class browser)', () => {
  test.use({ serviceWorkers: 'block' });

  test.beforeEach(async ({ page }) => {
    // Every script of the site is a module: here none runs, so the form posts itself as HTML does.
    await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
  });

  test('a plain post is saved once, shown in Google’s sandboxed frame, and its link leads back to the site', async ({ page }) => {
    await page.goto(`${site}/home#salaamstree`);
    await fillStory(page, HINDI);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    const frame = await answerFrame(page);
    await expect(frame.getByRole('heading', { level: 1, name: 'Your story has arrived' })).toBeVisible();
    expect(await page.locator('iframe').getAttribute('sandbox')).toBe(STAND_ALONE_SANDBOX.join(' '));
    expect(await frame.locator('html').getAttribute('lang')).toBe('en');
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(standIn.rows()).toEqual([[expect.any(String), HINDI.Name, HINDI.Phone, HINDI.Story, expect.stringMatching(/^text:/), '']]);

    // A tap on the link leaves Google's frame for the site itself.
    await frame.getByRole('link', { name: 'Back to the STREE home page' }).click();
    await expect(page).toHaveURL(`${site}/`);
    expect(standIn.rows()).toHaveLength(1);
  });

  test('a refused plain post is corrected in the frame and sent again from there, saved once', WHOLE_RUN, async ({ page }) => {
    await page.goto(`${site}/hi/home#salaamstree`);
    const t = hi.form;
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: t.submit }) });
    // Spaces pass the browser's `required`; the collector refuses them.
    await form.getByLabel(t.name, { exact: true }).fill('   ');
    await form.getByLabel(t.phone, { exact: true }).fill(HINDI.Phone);
    await form.getByLabel(t.story, { exact: true }).fill(HINDI.Story);
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: t.submit }).click();
    const frame = await answerFrame(page);
    await expect(frame.getByRole('heading', { level: 1, name: t.page.fixTitle })).toBeVisible();
    expect(standIn.rows()).toEqual([]);
    // Her words are back in the form; she fixes the name and sends it from the frame.
    await expect(frame.getByLabel(t.story, { exact: true })).toHaveValue(HINDI.Story);
    await frame.getByLabel(t.name, { exact: true }).fill(HINDI.Name);
    await frame.getByRole('checkbox').check();
    await frame.getByRole('button', { name: t.submit }).click();
    const after = await answerFrame(page).then(async (next) => {
      await expect(next.getByRole('heading', { level: 1, name: t.page.sentTitle })).toBeVisible();
      return next;
    });
    expect(await after.locator('html').getAttribute('lang')).toBe('hi');
    expect(posts()).toHaveLength(2);
    expect(standIn.rows().map((row) => row.slice(1, 4))).toEqual([[HINDI.Name, HINDI.Phone, HINDI.Story]]);
  });

  test('in a script bound to its sheet (no top navigation on a tap), the link could not leave the frame', WHOLE_RUN, async ({ page }) => {
    standIn.behaviour.project = 'bound';
    await page.goto(`${site}/home#salaamstree`);
    await fillStory(page);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    const frame = await answerFrame(page);
    const refused = page.waitForEvent('console', (message) => /sandboxed/.test(message.text()));
    await frame.getByRole('link', { name: 'Back to the STREE home page' }).click();
    await refused;
    expect(new URL(page.url()).host).toBe(SCRIPT_HOST);
  });
});

test.describe('without JavaScript at all', () => {
  test.use({ javaScriptEnabled: false });

  test('the plain form still posts to the collector, and the story is saved once', WHOLE_RUN, async ({ page }) => {
    await page.goto(`${site}/home#salaamstree`);
    await fillStory(page, HINDI);
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    // Google builds its frame with script: without any, her page may stay blank; the story is saved all the same.
    await expect(page).toHaveURL(`https://${SCRIPT_HOST}${SCRIPT_PATH}?lang=en`);
    expect(posts()).toHaveLength(1);
    expect(new URL(posts()[0]!.url, `https://${SCRIPT_HOST}`).searchParams.get('lang')).toBe('en');
    expect(standIn.rows()).toEqual([[expect.any(String), HINDI.Name, HINDI.Phone, HINDI.Story, expect.stringMatching(/^text:/), '']]);
  });

  test('a filled honeypot is answered as saved, and the sheet stays empty', WHOLE_RUN, async ({ page }) => {
    await page.goto(`${site}/home#salaamstree`);
    await fillStory(page);
    await storyForm(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
    await field(page, CONSENT).check();
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page).toHaveURL(`https://${SCRIPT_HOST}${SCRIPT_PATH}?lang=en`);
    expect(posts()).toHaveLength(1);
    expect(standIn.rows()).toEqual([]);
  });
});

test.describe('a story told by voice', () => {
  test.use({ serviceWorkers: 'block' });

  /** A real recording: espeak-ng speaks, ffmpeg makes Opus in WebM of it, as Chrome records. */
  function recordStory(testInfo: { outputPath: (name: string) => string }) {
    const wav = testInfo.outputPath('story.wav');
    const webm = testInfo.outputPath('story.webm');
    mkdirSync(testInfo.outputPath(''), { recursive: true });
    execFileSync('espeak-ng', ['-v', 'hi', '-w', wav, 'मेरे गाँव में बस स्टॉप पर रोशनी नहीं है।']);
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-i', wav, '-ac', '1', '-c:a', 'libopus', '-b:a', '24k', webm]);
    return readFileSync(webm);
  }

  test('sent twice from a page with one key, as the form’s script sends it: one Drive file with its exact bytes, one row', async ({ page }, testInfo) => {
    const audio = recordStory(testInfo);
    await page.goto(`${site}/home`);
    // The request the form's script makes for another origin (src/story-outbox/send.ts), with the recording in its JSON.
    const { url, init } = storyRequest(APPS_SCRIPT_ENDPOINT, {}, newStoryKey(), page.url());
    const body = JSON.stringify({ Phone: '9876543210', Recording: { type: 'audio/webm;codecs=opus', data: audio.toString('base64') } });
    const send = () =>
      page.evaluate(async ({ url, init, body }) => (await fetch(url, { ...init, body })).json(), { url, init: { ...init, body: undefined }, body });
    expect(await send()).toEqual({ ok: true, outcome: 'saved' });
    expect(await send()).toEqual({ ok: true, outcome: 'saved' });

    expect(preflights()).toEqual([]);
    expect(posts()).toHaveLength(2);
    const files = standIn.recordings();
    expect(files).toHaveLength(1);
    expect(files[0]!.bytes.equals(audio)).toBe(true);
    expect(files[0]!.mimeType).toBe('audio/webm');
    expect(standIn.rows()).toEqual([[expect.any(String), '', '9876543210', '', expect.any(String), files[0]!.url]]);
  });
});

test.describe('a form posted with a file, which Apps Script cannot read', () => {
  test('gets a page in her language that says so, with the form to write her story instead; nothing is saved', WHOLE_RUN, async ({ page }, testInfo) => {
    const audio = testInfo.outputPath('story.webm');
    mkdirSync(testInfo.outputPath(''), { recursive: true });
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '1', '-c:a', 'libopus', audio]);
    // The site's own form never posts a file to another origin: this is an older or copied page.
    await page.setContent(`<form method="post" enctype="multipart/form-data" action="${APPS_SCRIPT_ENDPOINT}?lang=hi">
<input name="Phone" value="9876543210"><input type="file" name="Recording"><button>भेजें</button></form>`);
    await page.locator('input[type=file]').setInputFiles(audio);
    await page.getByRole('button', { name: 'भेजें' }).click();
    const frame = await answerFrame(page);
    await expect(frame.getByText(hi.form.page.recordingNotReceived)).toBeVisible();
    await expect(frame.getByLabel(hi.form.story, { exact: true })).toBeVisible();
    expect(await frame.locator('input[type=file]').count()).toBe(0);
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(standIn.recordings()).toEqual([]);
    expect(standIn.rows()).toEqual([]);
  });
});

// The Gujarati edition posts with ?lang=gu (src/lib/editions.ts): the collector answers in Gujarati.
test.describe('from a Gujarati page', () => {
  const GUJARATI = { Name: 'હંસાબેન પટેલ', Phone: '9876543210', Story: 'અમારા ગામમાં રાત્રે રસ્તા પર અજવાળું નથી. છોકરીઓને ડર લાગે છે.' };
  const t = gu.form;

  test.describe('as a plain post (no module script runs)', () => {
    test.use({ serviceWorkers: 'block' });
    test.beforeEach(async ({ page }) => {
      await page.route(/\/_astro\/.*\.js(\?.*)?$/, (route) => route.abort());
    });

    test('is saved once and answered in Gujarati, in Google’s frame', WHOLE_RUN, async ({ page }) => {
      await page.goto(`${site}/gu/home#salaamstree`);
      const form = page.locator('form').filter({ has: page.getByRole('button', { name: t.submit }) });
      await form.getByLabel(t.name, { exact: true }).fill(GUJARATI.Name);
      await form.getByLabel(t.phone, { exact: true }).fill(GUJARATI.Phone);
      await form.getByLabel(t.story, { exact: true }).fill(GUJARATI.Story);
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: t.submit }).click();
      const frame = await answerFrame(page);
      await expect(frame.getByRole('heading', { level: 1, name: t.page.sentTitle })).toBeVisible();
      await expect(frame.getByText(t.page.sentBody)).toBeVisible();
      expect(await frame.locator('html').getAttribute('lang')).toBe('gu');
      expect(new URL(posts()[0]!.url, `https://${SCRIPT_HOST}`).searchParams.get('lang')).toBe('gu');
      expect(standIn.rows()).toEqual([[expect.any(String), GUJARATI.Name, GUJARATI.Phone, GUJARATI.Story, expect.stringMatching(/^text:/), '']]);
    });
  });

  test('a recording posted as a file gets the Gujarati page that says so, with the form to write instead', WHOLE_RUN, async ({ page }, testInfo) => {
    const audio = testInfo.outputPath('story.webm');
    mkdirSync(testInfo.outputPath(''), { recursive: true });
    execFileSync('ffmpeg', ['-loglevel', 'error', '-y', '-f', 'lavfi', '-i', 'sine=frequency=440:duration=1', '-ac', '1', '-c:a', 'libopus', audio]);
    await page.setContent(`<form method="post" enctype="multipart/form-data" action="${APPS_SCRIPT_ENDPOINT}?lang=gu">
<input name="Phone" value="9876543210"><input type="file" name="Recording"><button>${t.submit}</button></form>`);
    await page.locator('input[type=file]').setInputFiles(audio);
    await page.getByRole('button', { name: t.submit }).click();
    const frame = await answerFrame(page);
    await expect(frame.getByText(t.page.recordingNotReceived)).toBeVisible();
    await expect(frame.getByLabel(t.story, { exact: true })).toBeVisible();
    expect(await frame.locator('html').getAttribute('lang')).toBe('gu');
    expect(standIn.rows()).toEqual([]);
  });
});
