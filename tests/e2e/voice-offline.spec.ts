// A voice story posted by the form without its script while the connection is down (docs/stories.md,
// "The service worker"): the worker keeps the multipart post as the script's JSON, the file as its
// Recording member, says so with /story-kept/, and sends it once when the connection is back.
import { readFileSync, statSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { RECORDING_BYTES_MAX } from '../../src/story-outbox/recording.js';
import { SPEECH_WAV, makeOgg } from './fake-microphone';
import { keptInWorker, visitOnline } from './story-form-page';
import { formHydrated, keptRecordings, newPhone, rowsFor, storyForm } from './voice-page';
import { WHOLE_RUN } from './runs';

/**
 * The story form as the page serves it, in place of the one the script took over: what the
 * browser posts when no script runs (multipart to the inbox, with the file field `Recording`).
 * Sent with HTMLFormElement.submit(): the browser's own post, a navigation, as the worker sees it.
 */
async function plainForm(page: Page) {
  await page.evaluate(async () => {
    const served = new DOMParser().parseFromString(await (await fetch(location.pathname)).text(), 'text/html');
    const form = served.querySelector('form:has(textarea[name="Story"])')!;
    document.querySelector('form:has(textarea[name="Story"])')!.replaceWith(document.adoptNode(form));
  });
  return storyForm(page);
}

test('posted without the script while offline, a voice story is kept, never posted again by a reload, and sent once with its file byte for byte', async ({ page, context }, testInfo) => {
  const phone = newPhone();
  const audio = makeOgg(testInfo.outputPath('story.ogg'));
  await visitOnline(page, '/home');
  const form = await plainForm(page);
  await expect(form).toHaveAttribute('enctype', 'multipart/form-data');
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel(en.form.recordingFile, { exact: true }).setInputFiles(audio);

  await context.setOffline(true);
  await form.evaluate((element: HTMLFormElement) => HTMLFormElement.prototype.submit.call(element));
  await expect(page).toHaveURL(/\/story-kept\/$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your story is kept on this phone');
  expect(await keptInWorker(page)).toBe(1);
  await page.reload();
  expect(await keptInWorker(page)).toBe(1);
  expect(rowsFor(phone)).toHaveLength(0);

  await context.setOffline(false);
  // Background Sync sends it by itself: the row appearing in the inbox is the event.
  await expect.poll(() => rowsFor(phone).length, { timeout: 0 }).toBe(1);
  expect(await keptInWorker(page)).toBe(0);
  const { row, file } = rowsFor(phone)[0]!;
  expect(row.Recording).toMatch(/^recordings\//);
  expect(readFileSync(file!).equals(readFileSync(audio))).toBe(true);
});

test('posted the same way with a recording over the limit, it comes back to the phone, recording and all, once the inbox refuses it', WHOLE_RUN, async ({ page, context }) => {
  const phone = newPhone();
  // The speech as WAV: 16-bit PCM, over the limit.
  expect(statSync(SPEECH_WAV).size).toBeGreaterThan(RECORDING_BYTES_MAX);
  await visitOnline(page, '/home');
  const form = await plainForm(page);
  await form.getByLabel('Phone', { exact: true }).fill(phone);
  await form.getByLabel(en.form.recordingFile, { exact: true }).setInputFiles(SPEECH_WAV);
  await context.setOffline(true);
  await form.evaluate((element: HTMLFormElement) => HTMLFormElement.prototype.submit.call(element));
  await expect(page).toHaveURL(/\/story-kept\/$/);
  expect(await keptInWorker(page)).toBe(1);

  await context.setOffline(false);
  // The worker sends it by itself and the inbox refuses it: it leaves the queue, for her form.
  await expect.poll(() => keptInWorker(page), { timeout: 0 }).toBe(0);
  expect(rowsFor(phone)).toHaveLength(0);
  await page.goto('/home');
  await formHydrated(page);
  // The form says it came back, and why: the inbox's words name the recording's limit.
  await expect(storyForm(page).getByRole('alert')).toContainText(en.form.returned, { timeout: 0 });
  await expect(storyForm(page).getByRole('alert')).toContainText('1 MB');
  await expect(storyForm(page).getByLabel('Phone', { exact: true })).toHaveValue(phone);
  // Her recording is on the phone again, ready to play or replace.
  await expect(storyForm(page).getByRole('button', { name: RECORDER_STRINGS.en.play, exact: true })).toBeVisible({ timeout: 0 });
  expect(await keptRecordings(page)).toBe(1);
});
