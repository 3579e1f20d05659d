// A voice story posted by the form without its script while the connection is down (docs/stories.md,
// "The service worker"): the worker keeps the multipart post as the script's JSON, the file as its
// Recording member, says so with /story-kept/, and sends it once when the connection is back.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeOgg } from './fake-microphone';
import { keptInWorker, visitOnline } from './story-form-page';
import { newPhone, rowsFor } from './voice-page';

/**
 * The story form as it posts without its script, put in place of the one the script took over:
 * multipart to the inbox, with the file field `Recording` (docs/stories.md; the served markup is
 * voice.spec.ts's, without JavaScript). Sent with HTMLFormElement.submit(): the browser's own
 * post, a navigation, as when no script handles Submit.
 */
async function plainForm(page: Page) {
  await page.evaluate(() => {
    const form = document.createElement('form');
    Object.assign(form, { method: 'post', enctype: 'multipart/form-data', action: '/api/stories?lang=en' });
    form.innerHTML = '<input name="Name"><input name="Phone"><textarea name="Story"></textarea><input type="file" name="Recording" accept="audio/*">';
    document.querySelector('form:has(textarea[name="Story"])')!.replaceWith(form);
  });
  return page.locator('form').filter({ has: page.locator('textarea[name="Story"]') });
}

test('posted without the script while offline, a voice story is kept, never posted again by a reload, and sent once with its file byte for byte', async ({ page, context }, testInfo) => {
  const phone = newPhone();
  const audio = makeOgg(testInfo.outputPath('story.ogg'));
  await visitOnline(page, '/home');
  const form = await plainForm(page);
  await form.locator('input[name="Phone"]').fill(phone);
  await form.locator('input[type="file"][name="Recording"]').setInputFiles(audio);

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
