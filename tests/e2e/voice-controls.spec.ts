// What she finds and what stays on her phone when she tells her story by voice (issue 33), in
// Chromium with the fake microphone (the voice project, tests/e2e/fake-microphone.ts): the
// recorder's buttons carry drawn pictures she can find without reading.
import { expect, test, type Page } from '@playwright/test';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { MICROPHONE } from '../../src/lib/control-icons';
import { PLAY, STOP } from '../../src/lib/media-icons';
import { WORDS, formHydrated, storyForm, watchMicrophoneAndPlayback } from './voice-page';

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
  test(`${locale}: Record, Stop, Play and Record again each carry a picture large enough to find without reading`, async ({ page }) => {
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
