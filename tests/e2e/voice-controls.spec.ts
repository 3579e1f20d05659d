// What she finds and what stays on her phone when she tells her story by voice (issue 33), in
// Chromium with the fake microphone (the voice project, tests/e2e/fake-microphone.ts): the
// recorder's buttons carry drawn pictures she can find without reading; Delete draft under the
// form takes her recording off the phone with her words; quick exit takes an unsent recording off
// the phone at once, with no script to fetch first.
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { MICROPHONE } from '../../src/lib/control-icons';
import { PLAY, STOP } from '../../src/lib/media-icons';
import { DRAFT_KEY, RECORDINGS_CACHE } from '../../src/story-outbox/contract.js';
import { standInForNeutralSite } from './help-fixtures';
import { WORDS, formHydrated, keptRecordings, record, storyForm, trackStates, watchMicrophoneAndPlayback } from './voice-page';
import { WHOLE_RUN, everyChangeIf } from './runs';

// Recording takes real seconds, on a machine running other tests too.
test.describe.configure({ timeout: 120_000 });

test.beforeEach(async ({ page }) => watchMicrophoneAndPlayback(page));

/** The picture on the button named `name`: its path, and its size on the screen in CSS pixels. */
const pictureOn = (page: Page, name: string) =>
  storyForm(page).getByRole('button', { name, exact: true }).evaluate((button) => {
    const svg = button.querySelector('svg');
    const box = svg?.getBoundingClientRect();
    return { d: svg?.querySelector('path')?.getAttribute('d'), hidden: svg?.getAttribute('aria-hidden'), size: Math.min(box?.width ?? 0, box?.height ?? 0) };
  });

/** About a fingertip, twice the height of the words: found without reading. */
const LARGE = 28;

for (const [locale, path] of [['en', '/home'], ['hi', '/hi/home']] as const) {
  test(`${locale}: Record, Stop, Play and Record again each carry a picture large enough to find without reading`, WHOLE_RUN, async ({ page }) => {
    const words = WORDS[locale];
    await page.goto(path);
    await formHydrated(page);
    const form = storyForm(page);
    const expectPicture = async (name: string, d: string) => {
      const picture = await pictureOn(page, name);
      expect(picture, name).toMatchObject({ d, hidden: 'true' });
      expect(picture.size, name).toBeGreaterThanOrEqual(LARGE);
    };
    await expectPicture(words.record, MICROPHONE.d);
    await form.getByRole('button', { name: words.record, exact: true }).click();
    await expect(form.getByRole('button', { name: words.stop, exact: true })).toBeVisible({ timeout: 0 });
    await expectPicture(words.stop, STOP.d);
    await form.getByRole('button', { name: words.stop, exact: true }).click();
    await expect(form.getByRole('button', { name: words.play, exact: true })).toBeVisible({ timeout: 0 });
    await expectPicture(words.play, PLAY.d);
    await expectPicture(RECORDER_STRINGS[locale].again, MICROPHONE.d);
  });
}

for (const [locale, path, strings] of [['en', '/home', en], ['hi', '/hi/home', hi]] as const) {
  test(`${locale}: Delete draft takes her words and her recording off the phone, and Undo brings both back`, WHOLE_RUN, async ({ page }) => {
    const words = WORDS[locale];
    const form = storyForm(page);
    await page.goto(path);
    await formHydrated(page);
    await record(page, words, 2);
    await form.getByLabel(strings.form.name, { exact: true }).fill('Asha');
    // The line under the form says what the phone keeps: what she writes or records.
    await expect(form.getByText(strings.form.kept)).toBeVisible();
    expect(await keptRecordings(page)).toBe(1);

    await form.getByRole('button', { name: strings.form.deleteDraft, exact: true }).click();
    await expect(form.getByRole('status').filter({ hasText: strings.form.draftDeleted })).toBeVisible();
    await expect(form.getByLabel(strings.form.name, { exact: true })).toHaveValue('');
    await expect(form.getByRole('button', { name: words.play, exact: true })).toHaveCount(0);
    await expect(form.getByRole('button', { name: words.record, exact: true })).toBeVisible();
    await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(0);
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();
    expect(await trackStates(page)).not.toContain('live');

    await form.getByRole('button', { name: strings.form.undo, exact: true }).click();
    await expect(form.getByLabel(strings.form.name, { exact: true })).toHaveValue('Asha');
    await expect(form.getByRole('button', { name: words.play, exact: true })).toBeVisible({ timeout: 0 });
    await expect.poll(() => keptRecordings(page), { timeout: 0 }).toBe(1);
  });
}

for (const [locale, path, strings] of [['en', '/home', en], ['hi', '/hi/home', hi]] as const) {
  test(`${locale}: where the phone records, Record and the words about it take the file input's place`, everyChangeIf(locale === 'en'), async ({ page }) => {
    await page.goto(path);
    await formHydrated(page);
    const form = storyForm(page);
    await expect(form.getByRole('button', { name: strings.form.record, exact: true })).toBeVisible();
    await expect(form.getByText(strings.form.howToRecord)).toBeVisible();
    await expect(form.getByLabel(strings.form.recordingFile, { exact: true })).toHaveCount(0);
    // A call or WhatsApp stays on offer: some would rather tell it to a person.
    await expect(form.getByText(strings.storyByPhone.whatsApp)).toBeVisible();
  });

  test(`${locale}: where the phone cannot record, the file input comes with the offer of a call or WhatsApp, and no word of Record`, everyChangeIf(locale === 'en'), async ({ page }) => {
    await page.addInitScript(() => delete (window as { MediaRecorder?: unknown }).MediaRecorder);
    await page.goto(path);
    await formHydrated(page);
    const form = storyForm(page);
    await expect(form.getByLabel(strings.form.recordingFile, { exact: true })).toBeVisible();
    await expect(form.getByText(strings.storyByPhone.callInstead)).toBeVisible();
    await expect(form.getByText(strings.storyByPhone.whatsApp)).toBeVisible();
    await expect(form.getByText(strings.form.howToRecord)).toBeHidden();
    await expect(form.getByRole('button', { name: strings.form.record })).toHaveCount(0);
  });
}

/**
 * Taps Exit this page. Not with Playwright's click, which would wait for the navigation it starts
 * to commit, and the stand-in for the neutral site never answers.
 */
async function exit(page: Page) {
  await expect(page.getByRole('link', { name: 'Exit this page', exact: true })).toBeVisible();
  await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[data-quick-exit]')!.click());
}

/** A second tab of the site, in the same browser: it sees the same Cache Storage. */
async function anotherTab(page: Page) {
  const other = await page.context().newPage();
  await other.goto('/offline/');
  return other;
}

test.describe('quick exit', () => {
  // The neutral site never answers: the page she leaves is what is looked at, as on a slow link.
  test.use({ serviceWorkers: 'block' });

  test('takes a recording she made and did not send off the phone at once', async ({ page }) => {
    await standInForNeutralSite(page, new Promise(() => {}));
    await page.goto('/home');
    await formHydrated(page);
    await record(page, WORDS.en, 2);
    expect(await keptRecordings(page)).toBe(1);
    await exit(page);
    // Looked at from another tab of the site: the page she left is waiting on its navigation.
    await expect.poll(async () => keptRecordings(await anotherTab(page)), { timeout: 0 }).toBe(0);
  });

  test('keeps only a submitted story’s recording, and fetches no script to remove the others', WHOLE_RUN, async ({ page }) => {
    // A story submitted with its recording, waiting for a connection, and an older recording of
    // hers left on the phone; on a page without the form, so no script of the recorder is there.
    await page.goto('/stay-safe/');
    await page.evaluate(async ({ draftKey, cacheName }) => {
      const cache = await caches.open(cacheName);
      // Named as src/story-outbox/recordings.ts names them.
      for (const id of ['submitted-1', 'unsent-2']) {
        await cache.put(new URL(`/__recording/${id}`, location.href).href, new Response(new Blob(['voice'], { type: 'audio/webm' })));
      }
      const story = { Name: '', Phone: '9876543210', Story: '' };
      localStorage.setItem(draftKey, JSON.stringify({ ...story, recording: 'submitted-1', outbox: { key: 'k-1', story, recording: 'submitted-1' } }));
    }, { draftKey: DRAFT_KEY, cacheName: RECORDINGS_CACHE });
    await standInForNeutralSite(page, new Promise(() => {}));
    await page.reload();
    await page.waitForLoadState('load');
    // A script asked for after the tap never arrives: the navigation has begun.
    const scriptsAfterTap: string[] = [];
    await page.route(/\.js(\?|$)/, (route) => {
      scriptsAfterTap.push(route.request().url());
      return new Promise(() => {});
    });
    await exit(page);
    const other = await anotherTab(page);
    const names = () => other.evaluate(async (cacheName) =>
      (await (await caches.open(cacheName)).keys()).map((request) => new URL(request.url).pathname), RECORDINGS_CACHE);
    await expect.poll(names, { timeout: 10_000 }).toEqual(['/__recording/submitted-1']);
    expect(scriptsAfterTap).toEqual([]);
  });
});
