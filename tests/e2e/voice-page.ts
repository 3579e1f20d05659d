// The voice recorder as the voice specs meet it (docs/stories.md, "Voice stories"): found by the
// accessible names the contract gives it, watched through an init script that notes every
// microphone track and every playback, and read back from the e2e inbox with ffprobe.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { RECORDING_SECONDS_MAX } from '../../src/story-outbox/recording.js';
import { islandHydrated } from './hydrate';

/** The story form in either edition: the one with the Story field. */
export const storyForm = (page: Page) => page.locator('form').filter({ has: page.locator('textarea[name="Story"]') });

/** Waits until the form's island has hydrated (./story-form-page.ts, in either edition). */
export async function formHydrated(page: Page) {
  await storyForm(page).scrollIntoViewIfNeeded();
  await islandHydrated(storyForm(page));
}

/** Cache Storage where the phone keeps a recording until it is sent (src/story-outbox/contract.js). */
export const RECORDINGS_CACHE = 'stree-recordings';

/** The recorder's buttons and the form's words a spec needs, in the edition under test. */
export interface Words {
  record: string;
  stop: string;
  play: string;
  delete: string;
  phone: string;
  consent: string;
  submit: string;
  sent: string;
}

/** The words she reads and taps, in each edition. */
export const WORDS: Record<'en' | 'hi', Words> = {
  en: { ...RECORDER_STRINGS.en, record: en.form.record, phone: en.form.phone, consent: en.form.consent, submit: en.form.submit, sent: en.form.success },
  hi: { ...RECORDER_STRINGS.hi, record: hi.form.record, phone: hi.form.phone, consent: hi.form.consent, submit: hi.form.submit, sent: hi.form.success },
};

/** Her phone number and consent: with a recording, nothing else is needed. */
export async function fillPhoneAndConsent(page: Page, words: Words, phone: string) {
  const form = storyForm(page);
  await form.getByLabel(words.phone, { exact: true }).fill(phone);
  await form.getByLabel(words.consent, { exact: true }).check();
}

/** A phone number of her own for each test: the inbox's rows are found by it. */
export const newPhone = () => `9${String(Math.floor(Math.random() * 1e9)).padStart(9, '0')}`;

declare global {
  interface Window {
    /** What the init script saw: every microphone track, and every playback and whether it ended. */
    voiceWatch: { tracks: MediaStreamTrack[]; plays: { src: string; ended: boolean; at: number }[] };
  }
}

/**
 * Notes every track getUserMedia hands out, and every audio playback with its `ended` event:
 * the page's own objects, so the specs see what the recorder did, whether or not its elements are
 * in the document.
 */
export async function watchMicrophoneAndPlayback(page: Page) {
  await page.addInitScript(() => {
    window.voiceWatch = { tracks: [], plays: [] };
    const getUserMedia = MediaDevices.prototype.getUserMedia;
    MediaDevices.prototype.getUserMedia = async function (constraints) {
      const stream = await getUserMedia.call(this, constraints);
      window.voiceWatch.tracks.push(...stream.getTracks());
      return stream;
    };
    const play = HTMLMediaElement.prototype.play;
    HTMLMediaElement.prototype.play = function () {
      const entry = { src: this.currentSrc || this.src, ended: false, at: 0 };
      window.voiceWatch.plays.push(entry);
      this.addEventListener('ended', () => Object.assign(entry, { ended: true, at: this.currentTime }), { once: true });
      return play.call(this);
    };
  });
}

/** The readyState of every microphone track the page was given, in order. */
export const trackStates = (page: Page) => page.evaluate(() => window.voiceWatch.tracks.map((track) => track.readyState));

/** Seconds shown by a `m:ss` timer. */
export const secondsOf = (text: string | null) => {
  const [, minutes, seconds] = text?.match(/(\d+):(\d\d)/) ?? [];
  return minutes === undefined ? Number.NaN : Number(minutes) * 60 + Number(seconds);
};

export const timer = (page: Page) => storyForm(page).getByRole('timer');

/**
 * Records for at least `seconds`, as the timer counts them (time left while recording), then
 * stops; returns the length the timer shows once stopped. Waits on the timer, never on a clock.
 */
export async function record(page: Page, words: Words, seconds: number) {
  const form = storyForm(page);
  await form.getByRole('button', { name: words.record, exact: true }).click();
  await expect(form.getByRole('button', { name: words.stop, exact: true })).toBeVisible({ timeout: 0 });
  await expect.poll(async () => RECORDING_SECONDS_MAX - secondsOf(await timer(page).textContent()), { timeout: 0 }).toBeGreaterThanOrEqual(seconds);
  await form.getByRole('button', { name: words.stop, exact: true }).click();
  await expect(form.getByRole('button', { name: words.play, exact: true })).toBeVisible({ timeout: 0 });
  return secondsOf(await timer(page).textContent());
}

/** Plays the recording and waits for its playback's `ended` event; returns where it ended (s). */
export async function playToTheEnd(page: Page, words: Words) {
  const before = await page.evaluate(() => window.voiceWatch.plays.length);
  await storyForm(page).getByRole('button', { name: words.play, exact: true }).click();
  const ended = await page.waitForFunction((index) => {
    const play = window.voiceWatch.plays[index];
    return play?.ended ? play : undefined;
  }, before, { timeout: 0 });
  return (await ended.jsonValue()) as { src: string; at: number };
}

/** How many recordings the phone keeps (0 when the cache was never made). */
export const keptRecordings = (page: Page) =>
  page.evaluate(async (name) => ((await caches.has(name)) ? (await (await caches.open(name)).keys()).length : 0), RECORDINGS_CACHE);

/** The inbox's rows for one phone number, each with the path of its recording file, if any. */
export function rowsFor(phone: string) {
  if (!existsSync(E2E_INBOX_FILE)) return [];
  const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
  return rows
    .filter((row) => row.Phone === phone)
    .map((row) => ({ row, file: row.Recording ? join(dirname(E2E_INBOX_FILE), row.Recording) : undefined }));
}
