// The story form in the conditions our visitors meet (docs/design.md, "The story form never loses
// a word"): a script held back while she types, a script that never arrives, storage that throws
// or is missing, JavaScript off, a shared phone, a bot. Each ends with her story in the inbox
// (or, for the bot, nowhere) and a page or message saying what happened.
import { existsSync, readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { settings } from './content';
import { holdBack } from './hold-back';
import { CONSENT, STORY, field, fillStory, formHydrated, storyForm } from './story-form-page';
import { WHOLE_RUN, everyChangeIf } from './runs';

const SUCCESS = 'Form Submitted Successfully!';
const ARRIVED = 'Your story has arrived';
const DRAFT_KEY = 'stree:story-draft';

/** Rows the inbox saved for this name; other tests write to the same file. */
function rowsNamed(name: string) {
  if (!existsSync(E2E_INBOX_FILE)) return [];
  const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
  return rows.filter((row) => row.Name === name);
}

/** A name no other test uses, so the inbox's rows can be told apart. */
const uniqueName = (label: string) => `${label} ${Date.now()} ${Math.random().toString(36).slice(2, 7)}`;

/** Every script, also when Astro asks again for an island's (`?astro-retry=…`, a second after a failure). */
const SCRIPTS = /\.js(\?.*)?$/;

/**
 * Holds every script back until `release()`: the page is readable long before they arrive. The
 * page's `load` (and, with module scripts held, DOMContentLoaded) waits for them: open it with
 * `goto(…, { waitUntil: 'commit' })` and wait for what she sees instead.
 */
async function holdScripts(page: Page) {
  return (await holdBack(page, SCRIPTS)).release;
}

// page.route must see every request: no service worker may answer one (offline.spec.ts tests it).
test.use({ serviceWorkers: 'block' });

test.describe('on a slow connection, the form’s script arrives after she started typing', () => {
  test('what she typed before it arrived survives what she types after, and is sent', async ({ page }) => {
    const name = uniqueName('आशा');
    const release = await holdScripts(page);
    await page.goto('/home#salaamstree', { waitUntil: 'commit' });
    await field(page, 'Name').fill(name);
    await field(page, 'Story').fill(STORY.Story);
    // Still the server's HTML: the island has not taken over.
    await expect(page.locator('astro-island[ssr]').filter({ has: storyForm(page) })).toHaveCount(1);
    release();
    await formHydrated(page);
    await field(page, 'Phone').pressSequentially('98765');
    await expect(field(page, 'Name')).toHaveValue(name);
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    await field(page, 'Phone').pressSequentially('43210');
    await field(page, CONSENT).check();
    const sent = page.waitForRequest((request) => request.url().endsWith('/api/stories') && request.method() === 'POST');
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toEqual({ Name: name, Phone: STORY.Phone, Story: STORY.Story });
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    expect(rowsNamed(name)).toEqual([expect.objectContaining({ Phone: STORY.Phone, Story: STORY.Story })]);
  });

  test('words typed before the script arrived are kept on the phone once it does, and come back after a reload', WHOLE_RUN, async ({ page }) => {
    const release = await holdScripts(page);
    await page.goto('/home#salaamstree', { waitUntil: 'commit' });
    await field(page, 'Story').fill('Typed while the script was on its way.');
    release();
    await formHydrated(page);
    await expect(storyForm(page).getByRole('button', { name: 'Delete draft' })).toBeVisible();
    await page.unroute(SCRIPTS);
    await page.reload();
    await formHydrated(page);
    await expect(field(page, 'Story')).toHaveValue('Typed while the script was on its way.');
  });
});

test.describe('the form’s script never arrives (a chunk lost on 2G)', () => {
  // Astro asks once more a second after a failure (`?astro-retry=…`): both attempts fail here.
  for (const [what, pattern] of [
    // Each edition's form island is its own chunk, StoryForm and the edition's code (StoryFormEn).
    ['the form’s own script', /\/_astro\/StoryForm[A-Z][a-z]\.[\w-]+\.js(\?.*)?$/],
    ['React itself', /\/_astro\/client\.[\w-]+\.js(\?.*)?$/],
  ] as const) {
    test(`without ${what}, the plain form sends her story and a page says it arrived`, everyChangeIf(what === 'the form’s own script'), async ({ page }) => {
      const name = uniqueName('Plain');
      await page.route(pattern, (route) => route.abort());
      await page.goto('/home#salaamstree');
      await fillStory(page, { Name: name, Story: 'Line one\nLine two' });
      await storyForm(page).getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('heading', { level: 1, name: ARRIVED })).toBeVisible();
      await expect(page).toHaveURL(/\/story-sent\/$/);
      expect(rowsNamed(name)).toEqual([expect.objectContaining({ Phone: STORY.Phone, Story: 'Line one\nLine two' })]);
    });
  }
});

test.describe('storage that fails', () => {
  for (const [what, value] of [['throws', 'throw'], ['is null', 'null']] as const) {
    test(`where localStorage ${what}, the form stays, sends, and claims to keep nothing`, everyChangeIf(what === 'throws'), async ({ page }) => {
      await page.addInitScript((kind) => {
        Object.defineProperty(window, 'localStorage', {
          configurable: true,
          get() {
            if (kind === 'throw') throw new DOMException('The operation is insecure.', 'SecurityError');
            return null;
          },
        });
      }, value);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const name = uniqueName('Blocked');
      await page.goto('/home#salaamstree');
      await formHydrated(page);
      await fillStory(page, { Name: name });
      await expect(storyForm(page).getByRole('button', { name: 'Delete draft' })).toHaveCount(0);
      await storyForm(page).getByRole('button', { name: 'Submit' }).click();
      await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
      expect(rowsNamed(name)).toHaveLength(1);
      expect(errors).toEqual([]);
    });
  }
});

test.describe('a shared phone', () => {
  test('while her words are kept a line says so, and Delete draft takes them off the phone', async ({ page }) => {
    await page.goto('/home#salaamstree');
    await formHydrated(page);
    await field(page, 'Name').fill(STORY.Name);
    await field(page, 'Story').fill(STORY.Story);
    await expect(storyForm(page)).toContainText('kept on this phone until you send it');
    await storyForm(page).getByRole('button', { name: 'Delete draft' }).click();
    await expect(field(page, 'Name')).toHaveValue('');
    await expect(field(page, 'Story')).toHaveValue('');
    await expect(storyForm(page).getByRole('status')).toHaveText('Your draft is deleted from this phone.');
    expect(await page.evaluate((key) => localStorage.getItem(key), DRAFT_KEY)).toBeNull();

    // The next person to open the site on this phone finds an empty form, once it has hydrated.
    await page.reload();
    await formHydrated(page);
    await expect(field(page, 'Story')).toHaveValue('');
    await expect(storyForm(page).getByRole('button', { name: 'Delete draft' })).toHaveCount(0);
  });

  test('Undo, before she types again, brings her words back', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home#salaamstree');
    await formHydrated(page);
    await field(page, 'Story').fill(STORY.Story);
    const button = storyForm(page).getByRole('button', { name: 'Delete draft' });
    await button.click();
    const undo = storyForm(page).getByRole('button', { name: 'Undo' });
    await expect(undo).toBeFocused();
    await undo.click();
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
  });
});

test.describe('the honeypot', () => {
  test('people never see, hear or reach it', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home#salaamstree');
    await formHydrated(page);
    const trap = storyForm(page).locator('input[name="website"]');
    await expect(trap).not.toBeInViewport();
    await expect(trap).toHaveAttribute('tabindex', '-1');
    await expect(trap).toHaveAttribute('autocomplete', 'off');
    await expect(storyForm(page).getByRole('textbox', { name: 'Leave this empty' })).toHaveCount(0);
  });

  test('a bot that fills it is told the story was sent, and the inbox writes nothing', WHOLE_RUN, async ({ page }) => {
    const name = uniqueName('Bot');
    await page.goto('/home#salaamstree');
    await formHydrated(page);
    await fillStory(page, { Name: name });
    await storyForm(page).locator('input[name="website"]').fill('https://spam.example', { force: true });
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: SUCCESS })).toBeVisible();
    expect(rowsNamed(name)).toEqual([]);
  });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the notice says the form still works, and offers the e-mail address once it is real', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home#salaamstree');
    const notice = page.locator('.share .noscript');
    // A sample address is offered nowhere (docs/design.md, "Nothing sample passes as real").
    if (settings.samples.includes('email')) {
      await expect(notice).toHaveCount(0);
      return;
    }
    await expect(notice).toContainText('works without JavaScript too');
    await expect(notice.getByRole('link')).toHaveAttribute('href', /^mailto:/);
  });

  test('Submit posts the form, the story is saved, and a page in her language says it arrived', async ({ page }) => {
    const name = uniqueName('आशा देवी');
    await page.goto('/home#salaamstree');
    await fillStory(page, { Name: name, Story: 'मेरी कहानी\nदूसरी पंक्ति' });
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ARRIVED })).toBeVisible();
    expect(rowsNamed(name)).toEqual([expect.objectContaining({ Phone: STORY.Phone, Story: 'मेरी कहानी\nदूसरी पंक्ति' })]);
    // A 303 led here: reloading the thank-you page asks for it again, and posts nothing.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: ARRIVED })).toBeVisible();
    expect(rowsNamed(name)).toHaveLength(1);
    await page.getByRole('main').getByRole('link', { name: 'Back to the STREE home page' }).click();
    await expect(page).toHaveURL(/\/home$/);
  });

  test('a refused story comes back on a page that says what is wrong; corrected, it is sent once', async ({ page }) => {
    const name = uniqueName('Long');
    const long = 'कहानी कथा '.repeat(600).trim(); // 5,999 letters: over the 5,000 the inbox takes
    await page.goto('/home#salaamstree');
    await fillStory(page, { Name: name, Story: long });
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Your story was not sent yet' })).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('Story: This is 5,999 characters long. Please shorten it to 5,000 or fewer');
    const story = page.getByLabel('Story', { exact: true });
    await expect(story).toHaveValue(long);
    await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name);
    expect(rowsNamed(name)).toEqual([]);

    await story.fill(long.slice(0, 4000));
    await page.getByLabel(CONSENT).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ARRIVED })).toBeVisible();
    expect(rowsNamed(name)).toEqual([expect.objectContaining({ Story: long.slice(0, 4000).trim() })]);
  });

  test('a bot that fills the honeypot gets the same page, and the inbox writes nothing', WHOLE_RUN, async ({ page }) => {
    const name = uniqueName('Bot');
    await page.goto('/home#salaamstree');
    await fillStory(page, { Name: name });
    await storyForm(page).locator('input[name="website"]').fill('cheap pills', { force: true });
    await storyForm(page).getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('heading', { level: 1, name: ARRIVED })).toBeVisible();
    expect(rowsNamed(name)).toEqual([]);
  });
});
