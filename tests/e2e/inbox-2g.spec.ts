// A voice story sent to the local inbox over 2G that drops (docs/stories.md, "A recording in
// parts"; the issue's "Done when"): a 90-second story chosen in the form of a phone that cannot
// record in the browser (the inbox-2g project) and every request through a throttling proxy
// (./slow-link.ts). Each test says
// what she sees and what arrives: one row for her phone number, its recording the very bytes the
// phone kept and as long as she recorded, and what went up the link, part by part.
import { readFileSync } from 'node:fs';
import { en } from '../../src/i18n/en';
import { INBOX_PATH } from '../../src/lib/addresses';
import { partsOf } from '../../src/story-outbox/recording.js';
import { audioSeconds } from './fake-microphone';
import {
  chooseStory, expect, expectAtMostOnePartSentTwice, loseSignal, measured, partBase64Bytes, partIndexOf, phoneRecording, postsTo, sha256, signalBack, tellOver2GThatDrops, test,
  uplinkTally, withoutRecorder,
} from './slow-link';
import { visitOnline } from './story-form-page';
import { TWO_G } from './throttle-proxy';
import { WORDS, fillPhoneAndConsent, formHydrated, keptRecordings, newPhone, rowsFor, storyForm } from './voice-page';
import { WHOLE_RUN } from './runs';

/** The story: a minute and a half of her voice, six parts or so at 16 kbit/s. */
const SECONDS = 90;

// About a minute of 2G for the longest story: real seconds, each of them.
test.describe.configure({ timeout: 4 * 60_000 });

test(`a ${SECONDS} s voice story sent over 2G that drops in the middle of a part arrives once, whole and playable, with at most one part sent twice`, WHOLE_RUN, async ({ page, link, baseURL }, testInfo) => {
  const collector = `${baseURL}${INBOX_PATH}`;
  const story = await tellOver2GThatDrops(page, link, testInfo, { url: '/home', collector, seconds: SECONDS });

  const rows = rowsFor(story.phone);
  expect(rows, 'one row for her phone').toHaveLength(1);
  expect(sha256(readFileSync(rows[0]!.file!)), 'the very bytes the phone recorded').toBe(story.recorded.sha256);
  expect(Math.abs(audioSeconds(rows[0]!.file!) - story.length), 'as long as her story').toBeLessThanOrEqual(1);
  expectAtMostOnePartSentTwice(link, collector, testInfo, story);
});

/** Long enough for three parts, so one is on its way with another before and after it. */
const CLOSED_SECONDS = 40;

test(`closed while a part of her ${CLOSED_SECONDS} s story is on its way over 2G, and opened again, the browser sends the story once, whole`, WHOLE_RUN, async ({ playwright, launchOptions, link, baseURL }, testInfo) => {
  const collector = `${baseURL}${INBOX_PATH}`;
  // Her phone's browser: a profile on disk that outlives the browser, as Cache Storage and the draft do.
  const open = () => playwright.chromium.launchPersistentContext(testInfo.outputPath('phone'), { ...launchOptions, baseURL, proxy: { server: link.server } });
  let context = await open();
  await withoutRecorder(context);
  let page = context.pages()[0] ?? (await context.newPage());
  const phone = newPhone();
  const { length, recorded } = await test.step(`she chooses her ${CLOSED_SECONDS} s story in the form`, async () => {
    await visitOnline(page, '/home');
    await formHydrated(page);
    const length = await chooseStory(page, CLOSED_SECONDS, testInfo);
    await fillPhoneAndConsent(page, WORDS.en, phone);
    return { length, recorded: await phoneRecording(page) };
  });
  const parts = partsOf(recorded.size);
  expect(parts, 'a part before the one cut short, and one after').toBeGreaterThanOrEqual(3);

  link.resetCounts();
  link.shape(TWO_G);
  const started = performance.now();
  await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
  await test.step('she closes the browser halfway through part 1', async () => {
    await link.until(() => postsTo(link, collector).find((post) => partIndexOf(post) === 1 && post.bodyBytes >= partBase64Bytes(recorded.size, 1) / 2));
    await context.close();
  });
  // The inbox writes her row once the recording is whole (docs/stories.md, "The local inbox").
  expect(rowsFor(phone)).toHaveLength(0);

  await test.step('she opens it again, on the site, and is told her story was sent', async () => {
    context = await open();
    page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/home');
    // The page's kept-story sender tells her in the snackbar: the form's island may not have woken.
    await expect(page.getByRole('status').filter({ hasText: en.form.sentLater }).first()).toBeVisible({ timeout: 0 });
  });
  const secondsToSent = (performance.now() - started) / 1000;
  try {
    const rows = rowsFor(phone);
    expect(rows, 'one row for her phone').toHaveLength(1);
    expect(sha256(readFileSync(rows[0]!.file!)), 'the very bytes the phone recorded').toBe(recorded.sha256);
    expect(Math.abs(audioSeconds(rows[0]!.file!) - length), 'as long as her story').toBeLessThanOrEqual(1);
    expect(await keptRecordings(page)).toBe(0);
    const tally = uplinkTally(link, collector);
    measured(testInfo, {
      recordedSeconds: length, recordingBytes: recorded.size, parts, partRequests: tally.partPosts,
      partsResent: tally.resent.join(' ') || 'none', storyRequests: tally.stories, bodyBytesUp: tally.bodyBytes,
      linkBytesUp: link.bytesUp(), secondsFromSubmitToSent: secondsToSent.toFixed(1),
    });
    expect(tally.resent, 'only the part cut short is sent again').toEqual([1]);
    expect(Math.max(...tally.sends.values())).toBe(2);
  } finally {
    await context.close();
  }
});

/** Two parts: the signal goes in the second. */
const HANDED_OVER_SECONDS = 30;

test(`told her ${HANDED_OVER_SECONDS} s story is kept after the signal went mid-part, she closes the page: when the signal returns, the service worker sends it once`, WHOLE_RUN, async ({ page, link, baseURL }, testInfo) => {
  const collector = `${baseURL}${INBOX_PATH}`;
  const phone = newPhone();
  const { recorded } = await test.step(`she chooses her ${HANDED_OVER_SECONDS} s story in the form`, async () => {
    await visitOnline(page, '/home');
    await formHydrated(page);
    await chooseStory(page, HANDED_OVER_SECONDS, testInfo);
    await fillPhoneAndConsent(page, WORDS.en, phone);
    return { recorded: await phoneRecording(page) };
  });
  const last = partsOf(recorded.size) - 1;
  link.resetCounts();
  link.shape(TWO_G);
  await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
  await test.step(`the signal goes halfway through part ${last}; she is told the story is kept, "even if you close this page", and closes it`, async () => {
    await link.until(() => postsTo(link, collector).find((post) => partIndexOf(post) === last && post.bodyBytes >= partBase64Bytes(recorded.size, last) / 2));
    await loseSignal(page, link);
    await expect(storyForm(page).getByRole('status').filter({ hasText: en.form.queued })).toBeVisible({ timeout: 0 });
    await page.close();
  });
  await test.step('the signal comes back: her row arrives with no page open', async () => {
    await signalBack(page, link);
    // Background Sync fires as soon as the browser is online: a bound, not a wait.
    await expect.poll(() => rowsFor(phone).length, { timeout: 120_000 }).toBe(1);
  });
  const rows = rowsFor(phone);
  expect(sha256(readFileSync(rows[0]!.file!)), 'the very bytes the phone recorded').toBe(recorded.sha256);
  expect(uplinkTally(link, collector).resent, 'only the part cut short is sent again').toEqual([last]);
});
