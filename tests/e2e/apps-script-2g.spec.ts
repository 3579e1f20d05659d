// A voice story sent to the Google Apps Script collector over 2G (docs/stories.md, "A recording in
// parts"; the issue's "Done when"): the site built for Apps Script (tests/build-elsewhere.js), a
// 90-second story chosen in the form of a phone that cannot record in the browser (the
// apps-script-2g project), and every request through a throttling proxy that serves Google's names
// from the stand-in (tests/apps-script/stand-in.ts) on a port of its own. Each test says what she sees and what
// arrives: one row in the sheet for her phone number, one file in Drive with the very bytes the
// phone kept, and what went up the link, part by part.
import { writeFileSync } from 'node:fs';
import { en } from '../../src/i18n/en';
import { partsOf } from '../../src/story-outbox/recording.js';
import { startAppsScriptSite, type AppsScriptSite } from '../apps-script/site';
import { APPS_SCRIPT_ENDPOINT } from '../build-elsewhere.js';
import { audioSeconds } from './fake-microphone';
import {
  chooseStory, expect, expectAtMostOnePartSentTwice, freePort, googleRoutes, measured, phoneRecording, sha256, tellOver2GThatDrops, test as slowLink, uplinkTally,
} from './slow-link';
import { visitOnline } from './story-form-page';
import { TWO_G } from './throttle-proxy';
import { WORDS, fillPhoneAndConsent, formHydrated, keptRecordings, newPhone, storyForm } from './voice-page';
import { WHOLE_RUN } from './runs';

/** The story: a minute and a half of her voice. */
const SECONDS = 90;

/** The site and the stand-in, started once for the file: the stand-in on a free port only the proxy is told of. */
const test = slowLink.extend<object, { appsScript: AppsScriptSite; standInPort: number }>({
  standInPort: [async ({}, use) => use(await freePort()), { scope: 'worker' }],
  appsScript: [async ({ standInPort }, use) => {
    const site = await startAppsScriptSite(standInPort);
    await use(site);
    await site.close();
  }, { scope: 'worker' }],
  linkRoutes: [async ({ standInPort }, use) => use(googleRoutes(standInPort)), { scope: 'worker' }],
});

// One stand-in for the file: the tests take turns. 2G takes real seconds.
test.describe.configure({ mode: 'serial', timeout: 4 * 60_000 });

test.beforeEach(({ appsScript }) => appsScript.standIn.reset());

// A failed test shows what reached the stand-in, and the sheet.
test.afterEach(async ({ appsScript }, testInfo) => {
  if (testInfo.status === testInfo.expectedStatus) return;
  const { seen, rows } = appsScript.standIn;
  const requests = seen.map((request) => `${request.method} https://${request.host}${request.url} ${request.body.slice(0, 100)}`);
  writeFileSync(testInfo.outputPath('stand-in.txt'), [...requests, '', ...rows().map((row) => JSON.stringify(row))].join('\n'));
  await testInfo.attach('stand-in.txt', { path: testInfo.outputPath('stand-in.txt'), contentType: 'text/plain' });
});

/** Drive holds one recording for the story and the sheet one row for her phone, linking it. */
function expectOneRowLinkingOneFile(site: AppsScriptSite, phone: string) {
  const recordings = site.standIn.recordings();
  expect(recordings, 'one file in Drive').toHaveLength(1);
  expect(site.standIn.rows(), 'one row, for her phone, linking the file').toEqual([
    [expect.any(String), '', phone, '', expect.any(String), recordings[0]!.url],
  ]);
  return recordings[0]!;
}

test(`a ${SECONDS} s voice story sent to Apps Script over 2G that drops in the middle of a part arrives once, whole and playable, with at most one part sent twice`, WHOLE_RUN, async ({ page, link, appsScript }, testInfo) => {
  const story = await tellOver2GThatDrops(page, link, testInfo, { url: `${appsScript.address}/home`, collector: APPS_SCRIPT_ENDPOINT, seconds: SECONDS });

  const file = expectOneRowLinkingOneFile(appsScript, story.phone);
  expect(sha256(file.bytes), 'the very bytes the phone recorded').toBe(story.recorded.sha256);
  const saved = testInfo.outputPath('drive-recording.webm');
  writeFileSync(saved, file.bytes);
  expect(Math.abs(audioSeconds(saved) - story.length), 'as long as her story').toBeLessThanOrEqual(1);
  expectAtMostOnePartSentTwice(link, APPS_SCRIPT_ENDPOINT, testInfo, story);
});

/** Long enough for two parts: one may be taken before Drive fails it. */
const DRIVE_SECONDS = 20;
/** Where the organisation is told; the stand-in's MailApp keeps what it sends. */
const NOTIFY_EMAIL = 'stories@stree.example.org';
/** The e-mails that tell the organisation Drive saves no recording, not those that announce a story. */
const driveNotices = (site: AppsScriptSite) => site.standIn.collector.mail.sent.filter((mail) => /Drive/.test(mail.subject));

test('while Drive fails, her row is written at once with her phone, the organisation gets one e-mail, and once Drive is back her recording is filled in', WHOLE_RUN, async ({ page, link, appsScript }, testInfo) => {
  const { standIn } = appsScript;
  standIn.properties.NOTIFY_EMAIL = NOTIFY_EMAIL;
  standIn.reset();
  try {
    const phone = newPhone();
    await visitOnline(page, `${appsScript.address}/home`);
    await formHydrated(page);
    const length = await chooseStory(page, DRIVE_SECONDS, testInfo);
    const recorded = await phoneRecording(page);
    await fillPhoneAndConsent(page, WORDS.en, phone);

    standIn.collector.drive.failing = true;
    link.resetCounts();
    link.shape(TWO_G);
    await storyForm(page).getByRole('button', { name: WORDS.en.submit, exact: true }).click();
    await test.step('her row is written at once, its recording to come, and she is told the story is kept', async () => {
      await expect(storyForm(page).getByRole('alert').filter({ hasText: en.form.unconfirmed })).toBeVisible({ timeout: 0 });
      expect(standIn.rows()).toEqual([[expect.any(String), '', phone, '', expect.any(String), expect.not.stringMatching(/^https:/)]]);
      expect(standIn.recordings()).toEqual([]);
      expect(await keptRecordings(page), 'the recording stays on her phone').toBe(1);
    });
    await test.step('the organisation is told, once', async () => {
      expect(driveNotices(appsScript)).toEqual([expect.objectContaining({ to: NOTIFY_EMAIL })]);
      // Nothing of her in it: no phone number.
      expect(driveNotices(appsScript)[0]!.body).not.toContain(phone);
    });

    standIn.collector.drive.failing = false;
    await test.step('Drive is back; at her next visit the phone sends the recording, and she is told it was sent', async () => {
      await page.reload();
      // The page's kept-story sender tells her in the snackbar: the form's island may not have woken.
      await expect(page.getByRole('status').filter({ hasText: en.form.sentLater }).first()).toBeVisible({ timeout: 0 });
    });
    const file = expectOneRowLinkingOneFile(appsScript, phone);
    expect(sha256(file.bytes), 'the very bytes the phone recorded').toBe(recorded.sha256);
    const saved = testInfo.outputPath('drive-recording.webm');
    writeFileSync(saved, file.bytes);
    expect(Math.abs(audioSeconds(saved) - length)).toBeLessThanOrEqual(1);
    expect(driveNotices(appsScript), 'still one e-mail').toHaveLength(1);
    expect(await keptRecordings(page)).toBe(0);
    const tally = uplinkTally(link, APPS_SCRIPT_ENDPOINT);
    measured(testInfo, { recordedSeconds: length, recordingBytes: recorded.size, parts: partsOf(recorded.size), partRequests: tally.partPosts, storyRequests: tally.stories, linkBytesUp: link.bytesUp() });
  } finally {
    delete standIn.properties.NOTIFY_EMAIL;
  }
});
