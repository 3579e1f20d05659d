// A voice story posted by the form without its script while the connection is down (docs/stories.md,
// "The service worker"): the worker keeps the multipart post as the script's JSON, the file as its
// Recording member, says so with /story-kept/, and sends it once when the connection is back.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { makeOgg } from './fake-microphone';
import { keptInWorker, visitOnline } from './story-form-page';
import { newPhone, rowsFor } from './voice-page';

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
  return page.locator('form').filter({ has: page.locator('textarea[name="Story"]') });
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
