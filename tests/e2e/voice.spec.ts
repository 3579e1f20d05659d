// Telling a story by voice (docs/stories.md, "Voice stories"), in Chromium with a fake microphone
// that speaks Hindi then English (the voice project, tests/e2e/fake-microphone.ts). Each test says
// what she sees and what arrives: the inbox's row for her phone number, and its recording decoded
// by ffprobe to the length she recorded.
import { readFileSync, statSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { RECORDING_BYTES_MAX } from '../../src/story-outbox/recording.js';
import { SPEECH_WAV, audioSeconds, makeOgg } from './fake-microphone';
import { standInForNeutralSite } from './help-fixtures';
import { keptInWorker, visitOnline } from './story-form-page';
import {
  WORDS, fillPhoneAndConsent, formHydrated, keptRecordings, storyForm, newPhone, playToTheEnd, record, rowsFor, timer, trackStates,
  watchMicrophoneAndPlayback, type Words,
} from './voice-page';
import { WHOLE_RUN, everyChangeIf } from './runs';

/**
 * About ten seconds, as the issue asks, where the length is the point (English); a few seconds
 * where a second language or the connection is (each second is a real one, played back too).
 */
const SECONDS = { en: 10, hi: 4 } as const;
const SHORT_SECONDS = SECONDS.hi;

// Recording and playing back take real seconds, on a machine running other tests too.
test.describe.configure({ timeout: 180_000 });

test.beforeEach(async ({ page }) => watchMicrophoneAndPlayback(page));

/** The one row the inbox has for `phone`, with a recording of `seconds` (within a second). */
function expectOneRecordingOf(phone: string, seconds: number) {
  const rows = rowsFor(phone);
  expect(rows).toHaveLength(1);
  expect(rows[0]!.file, 'the row names its recording').toBeTruthy();
  expect(Math.abs(audioSeconds(rows[0]!.file!) - seconds)).toBeLessThanOrEqual(1);
}

for (const [locale, path] of [['en', '/home'], ['hi', '/hi/home']] as const) {
  test(`${locale}: she records about ${SECONDS[locale]} s, hears it played to the end, and sends it: one row, a file of that length`, everyChangeIf(locale === 'hi'), async ({ page }) => {
    const words: Words = WORDS[locale];
    const phone = newPhone();
    await page.goto(path);
    await formHydrated(page);
    const length = await record(page, words, SECONDS[locale]);
    expect(length).toBeGreaterThanOrEqual(SECONDS[locale]);
    const played = await playToTheEnd(page, words);
    expect(played.src).toMatch(/^blob:/);
    expect(Math.abs(played.at - length)).toBeLessThanOrEqual(1);

    await fillPhoneAndConsent(page, words, phone);
    await storyForm(page).getByRole('button', { name: words.submit, exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: words.sent })).toBeVisible({ timeout: 0 });
    expectOneRecordingOf(phone, length);
    // Sent: nothing of it is left on the phone, and the microphone is free.
    expect(await keptRecordings(page)).toBe(0);
    expect(await trackStates(page)).not.toContain('live');
  });
}

test("the recorder's code is fetched on the tap of Record, not before", async ({ page }) => {
  // Asked by the page or by the service worker (its precache): either would cost her the bytes.
  const recorderChunks: string[] = [];
  page.context().on('request', (request) => {
    if (/\/_astro\/(VoiceRecorder|recorder)[^/]*\.js/.test(request.url())) recorderChunks.push(request.url());
  });
  await page.goto('/home');
  await formHydrated(page);
  expect(recorderChunks).toEqual([]);
  const chunk = page.waitForRequest(/\/_astro\/(VoiceRecorder|recorder)[^/]*\.js/);
  await storyForm(page).getByRole('button', { name: WORDS.en.record, exact: true }).click();
  await chunk;
  await expect(timer(page)).toBeVisible({ timeout: 0 });
});

test('a recording not yet sent is still there after a reload, and plays', WHOLE_RUN, async ({ page }) => {
  await page.goto('/home');
  await formHydrated(page);
  const length = await record(page, WORDS.en, 3);
  expect(await keptRecordings(page)).toBe(1);
  await page.reload();
  await formHydrated(page);
  await expect(storyForm(page).getByRole('button', { name: WORDS.en.play, exact: true })).toBeVisible({ timeout: 0 });
  await expect(timer(page)).toHaveText(new RegExp(`\\b0:${String(length).padStart(2, '0')}\\b`));
  expect(Math.abs((await playToTheEnd(page, WORDS.en)).at - length)).toBeLessThanOrEqual(1);
});

test('Delete recording removes it from the phone and frees the microphone', WHOLE_RUN, async ({ page }) => {
  await page.goto('/home');
  await formHydrated(page);
  await record(page, WORDS.en, 2);
  expect(await keptRecordings(page)).toBe(1);
  await storyForm(page).getByRole('button', { name: WORDS.en.delete, exact: true }).click();
  await expect(storyForm(page).getByRole('button', { name: WORDS.en.record, exact: true })).toBeVisible();
  await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(0);
  const states = await trackStates(page);
  expect(states.length).toBeGreaterThan(0);
  expect(states.every((state) => state === 'ended')).toBe(true);
  await page.reload();
  await formHydrated(page);
  await expect(storyForm(page).getByRole('button', { name: WORDS.en.play, exact: true })).toHaveCount(0);
});

test.describe('quick exit', () => {
  // The neutral site is a stand-in that never answers: the page she leaves is what is looked at.
  test.use({ serviceWorkers: 'block' });

  test('while she records releases the microphone at once: every track ended', async ({ page }) => {
    await standInForNeutralSite(page, new Promise(() => {}));
    await page.goto('/home');
    await formHydrated(page);
    const form = storyForm(page);
    await form.getByRole('button', { name: WORDS.en.record, exact: true }).click();
    await expect(form.getByRole('button', { name: WORDS.en.stop, exact: true })).toBeVisible({ timeout: 0 });
    await expect.poll(() => trackStates(page), { timeout: 0 }).toContain('live');
    // Read in the same task as the tap: "at once" means before anything else runs.
    const states = await page.evaluate(() => {
      document.querySelector<HTMLAnchorElement>('a[data-quick-exit]')!.click();
      return window.voiceWatch.tracks.map((track) => track.readyState);
    });
    expect(states.length).toBeGreaterThan(0);
    expect(states.every((state) => state === 'ended')).toBe(true);
  });
});

test('recorded online and submitted offline, it is kept on the phone and sent exactly once when the connection returns', async ({ page, context }) => {
  // Parts sent by the page or by the worker. A page's request the worker forwards is seen twice,
  // the second time (the worker's fetch) without its body, so each part is counted once.
  const partsSent: number[] = [];
  context.on('request', (request) => {
    const body = request.method() === 'POST' ? request.postData() ?? '' : '';
    if (request.url().includes('/api/stories') && body.startsWith('{"Part"')) partsSent.push(JSON.parse(body).Part.index);
  });
  const phone = newPhone();
  await visitOnline(page, '/home');
  await formHydrated(page);
  const length = await record(page, WORDS.en, SHORT_SECONDS);
  await fillPhoneAndConsent(page, WORDS.en, phone);

  await context.setOffline(true);
  await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
  await expect(storyForm(page).getByRole('status').filter({ hasText: en.form.queued })).toBeVisible({ timeout: 0 });
  expect(rowsFor(phone)).toHaveLength(0);
  expect(await keptInWorker(page)).toBe(1);

  await context.setOffline(false);
  await expect(storyForm(page).getByRole('status').filter({ hasText: en.form.sentLater })).toBeVisible({ timeout: 0 });
  expectOneRecordingOf(phone, length);
  expect(await keptInWorker(page)).toBe(0);
  // The page and the worker both held it until the inbox confirmed; its one part crossed the network once.
  expect(partsSent).toEqual([0]);
  expect(await page.evaluate((key) => localStorage.getItem(key), 'stree:story-draft')).toBeNull();
});

test('a recording the inbox refuses for its size stays on the phone, and she is told so', WHOLE_RUN, async ({ page }) => {
  // A phone that cannot record is offered the file input instead (src/islands/StoryFormVoice.tsx).
  await page.addInitScript(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder);
  // The speech as WAV: 16-bit PCM, over the limit.
  expect(statSync(SPEECH_WAV).size).toBeGreaterThan(RECORDING_BYTES_MAX);
  const phone = newPhone();
  await page.goto('/home');
  await formHydrated(page);
  await storyForm(page).getByLabel(en.form.recordingFile, { exact: true }).setInputFiles(SPEECH_WAV);
  await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(1);
  await fillPhoneAndConsent(page, WORDS.en, phone);
  await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
  await expect(storyForm(page).getByText(RECORDER_STRINGS.en.refused)).toBeVisible({ timeout: 0 });
  expect(rowsFor(phone)).toHaveLength(0);
  expect(await keptRecordings(page)).toBe(1);
  await page.reload();
  await formHydrated(page);
  await expect(storyForm(page).getByRole('button', { name: WORDS.en.play, exact: true })).toBeVisible({ timeout: 0 });
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the form posts a story with an audio file: one row, the file byte for byte', async ({ page }, testInfo) => {
    const phone = newPhone();
    const audio = testInfo.outputPath('story.ogg');
    makeOgg(audio);
    await page.goto('/home');
    const form = storyForm(page);
    await form.getByLabel('Phone', { exact: true }).fill(phone);
    await form.getByLabel(WORDS.en.consent, { exact: true }).check();
    await form.getByLabel(en.form.recordingFile, { exact: true }).setInputFiles(audio);
    await form.getByRole('button', { name: 'Submit', exact: true }).click();
    await expect(page).toHaveURL(/\/story-sent\/$/);
    const rows = rowsFor(phone);
    expect(rows).toHaveLength(1);
    expect(readFileSync(rows[0]!.file!).equals(readFileSync(audio))).toBe(true);
  });
});
