// A story told by voice to the site built for a Google Apps Script collector (tests/build-elsewhere.js),
// recorded with the form's own recorder from Chromium's fake microphone (the apps-script-voice
// project) and sent to the stand-in that runs the project's collector (tests/apps-script/): online,
// and kept by the service worker while offline. Each test says what she sees and what arrives:
// one file in Drive that decodes to the length she recorded, and one row in the sheet linking it.
import { writeFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { APPS_SCRIPT_VOICE_PORT } from '../../playwright.config';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { SCRIPT_HOST, type StandIn } from '../apps-script/stand-in';
import { startAppsScriptSite, type AppsScriptSite } from '../apps-script/site';
import { audioSeconds } from './fake-microphone';
import { keptInWorker, visitOnline } from './story-form-page';
import { WORDS, fillPhoneAndConsent, formHydrated, newPhone, record, storyForm } from './voice-page';
import { WHOLE_RUN, everyChangeIf } from './runs';

const PAGES = { en: { path: '/home', form: en.form }, hi: { path: '/hi/home', form: hi.form } } as const;
/**
 * About ten seconds, as the issue asks, for the English story sent online; a few seconds for the
 * others, whose point is the language or the connection (each second is a real one).
 */
const SECONDS = { en: 10, hi: 4 } as const;
const SHORT_SECONDS = SECONDS.hi;

let standIn: StandIn;
let served: AppsScriptSite;
/** The site's address, its sub-path included: `${site}/home` is its home page. */
let site: string;

// One stand-in on a fixed port (the browser's resolver rules name it): the tests take turns.
// Recording takes real seconds, on a machine running other tests too.
test.describe.configure({ mode: 'serial', timeout: 180_000 });

test.beforeAll(async () => {
  served = await startAppsScriptSite(APPS_SCRIPT_VOICE_PORT);
  ({ standIn, address: site } = served);
});

test.afterAll(() => served?.close());

test.beforeEach(() => standIn.reset());

const posts = () => standIn.seen.filter((seen) => seen.method === 'POST' && seen.host === SCRIPT_HOST);

/**
 * What reached the collector went as docs/stories.md ("A recording in parts") says, once: the
 * story announcing its recording, then each part once, in order.
 */
function expectSentInPartsOnce() {
  const [story, ...parts] = posts().map(({ body }) => JSON.parse(body));
  expect(story.Recording).toEqual({ type: expect.stringMatching(/^audio\/webm/), size: expect.any(Number), parts: expect.any(Number) });
  expect(parts.map(({ Part }) => Part.index)).toEqual([...Array(story.Recording.parts).keys()]);
}

/**
 * Drive holds one recording, the sheet one row for her phone linking it, and the file's bytes
 * decode to `seconds` (within a second): what she recorded arrived whole, once.
 */
function expectOneRecordingOf(phone: string, seconds: number, file: string) {
  const recordings = standIn.recordings();
  expect(recordings, 'one file in Drive').toHaveLength(1);
  expect(recordings[0]!.mimeType).toMatch(/^audio\//);
  expect(standIn.rows(), 'one row, for her phone, linking the file').toEqual([
    [expect.any(String), '', phone, '', expect.any(String), recordings[0]!.url],
  ]);
  writeFileSync(file, recordings[0]!.bytes);
  expect(Math.abs(audioSeconds(file) - seconds)).toBeLessThanOrEqual(1);
}

for (const locale of ['en', 'hi'] as const) {
  const { path, form } = PAGES[locale];
  const words = WORDS[locale];

  test.describe(`${locale}: with the form’s script`, () => {
    test.use({ serviceWorkers: 'block' });

    test(`she records about ${SECONDS[locale]} s and sends it: one Drive file of that length, one row linking it, and she is told it was sent`, everyChangeIf(locale === 'hi'), async ({ page }, testInfo) => {
      const phone = newPhone();
      await page.goto(`${site}${path}`);
      await formHydrated(page);
      const length = await record(page, words, SECONDS[locale]);
      expect(length).toBeGreaterThanOrEqual(SECONDS[locale]);
      await fillPhoneAndConsent(page, words, phone);
      await storyForm(page).getByRole('button', { name: words.submit, exact: true }).click();
      await expect(page.getByRole('status').filter({ hasText: words.sent })).toBeVisible({ timeout: 0 });
      expectSentInPartsOnce();
      expectOneRecordingOf(phone, length, testInfo.outputPath('drive-recording.webm'));
    });
  });

  test(`${locale}: recorded online and submitted offline, she is told it is kept, and it arrives once, whole, when the connection returns`, WHOLE_RUN, async ({ page, context }, testInfo) => {
    const phone = newPhone();
    await visitOnline(page, `${site}${path}`);
    await formHydrated(page);
    const length = await record(page, words, SHORT_SECONDS);
    await fillPhoneAndConsent(page, words, phone);

    await context.setOffline(true);
    await storyForm(page).getByRole('button', { name: words.submit, exact: true }).click();
    await expect(storyForm(page).getByRole('status').filter({ hasText: form.queued })).toBeVisible({ timeout: 0 });
    expect(posts()).toEqual([]);
    expect(await keptInWorker(page)).toBe(1);

    await context.setOffline(false);
    await expect(storyForm(page).getByRole('status').filter({ hasText: form.sentLater })).toBeVisible({ timeout: 0 });
    expect(await keptInWorker(page)).toBe(0);
    // Sent once, by the worker: a second send would be kept out of the sheet by its key, but it went twice all the same.
    expectSentInPartsOnce();
    expectOneRecordingOf(phone, length, testInfo.outputPath('drive-recording.webm'));
  });
}
