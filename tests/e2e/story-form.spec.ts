import { readFileSync } from 'node:fs';
import { expect, test, type Page, type Response } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { getStrings, LOCALES } from '../../src/i18n';
import { editionFolder } from '../../src/lib/addresses';
import { patienceFor } from '../../src/story-outbox/contract.js';
import { islandHydrated } from './hydrate';
import { CONSENT, STORY, field, fillStory as fill, formHydrated, snackbarHydrated, storyForm as form } from './story-form-page';
import { WHOLE_RUN, everyChangeIf } from './runs';

const SNACKBAR_MS = 3000; // specification §9

async function open(page: Page) {
  await page.goto('/home#salaamstree');
  // The form island hydrates when it comes into view. Typing before that is the point of
  // story-form-conditions.spec.ts; here each test meets the hydrated form.
  await formHydrated(page);
}

const isValid = (page: Page, label: string) =>
  field(page, label).evaluate((el) => (el as HTMLInputElement).validity.valid);

/** What the browser's bubble says about a field when Submit is pressed. */
const messageOf = (page: Page, label: string) =>
  field(page, label).evaluate((el) => (el as HTMLInputElement).validationMessage);

/** Counts the requests that reach the story endpoint. */
async function countSends(page: Page) {
  const sent = { count: 0 };
  await page.route('**/api/stories', (route) => { sent.count += 1; return route.fulfill({ status: 201, json: { ok: true, outcome: 'saved' } }); });
  return sent;
}

test.describe('the story form', () => {
  // The form's own handling, as on a first visit or in a browser without service workers:
  // page.route cannot see a request a service worker answers. offline.spec.ts tests the worker.
  test.use({ serviceWorkers: 'block' });
  test.beforeEach(async ({ page }) => open(page));

  test('offers labelled Name, Phone (10 digits, numeric keypad), Story, consent and Submit', async ({ page }) => {
    await expect(field(page, 'Name')).toBeVisible();
    const phone = field(page, 'Phone');
    await expect(phone).toHaveAttribute('type', 'tel');
    await expect(phone).toHaveAttribute('inputmode', 'numeric');
    await expect(phone).toHaveAccessibleDescription(/10 digits/);
    await expect(field(page, 'Story')).toHaveJSProperty('tagName', 'TEXTAREA');
    await expect(field(page, CONSENT)).not.toBeChecked();
  });

  test('the browser stops an empty form, and nothing is sent', WHOLE_RUN, async ({ page }) => {
    let requests = 0;
    await page.route('**/api/stories', (route) => { requests += 1; return route.abort(); });
    await page.getByRole('button', { name: 'Submit' }).click();
    for (const label of ['Name', 'Phone', 'Story', CONSENT]) expect(await isValid(page, label)).toBe(false);
    expect(requests).toBe(0);
  });

  // One page for every number: what she types replaces what was there, as the browser judges it.
  const PHONES = [
    ['987654321', false],
    ['98765432100', false],
    ['98765abcde', false],
    ['9876543210', true],
    ['+91 98765 43210', true],
    ['098765-43210', true],
  ] as const;

  test('a 10-digit phone is accepted, with or without +91, a leading 0, spaces or a dash; others are refused', WHOLE_RUN, async ({ page }) => {
    const judged: [string, boolean][] = [];
    for (const [phone] of PHONES) {
      await field(page, 'Phone').fill(phone);
      judged.push([phone, await isValid(page, 'Phone')]);
    }
    expect(judged).toEqual(PHONES.map(([phone, valid]) => [phone, valid]));
  });

  test('Submit with a phone that is not 10 digits says one is needed, sends nothing and keeps it', WHOLE_RUN, async ({ page }) => {
    const sent = await countSends(page);
    await fill(page);
    for (const [phone] of PHONES.filter(([, valid]) => !valid)) {
      await field(page, 'Phone').fill(phone);
      await page.getByRole('button', { name: 'Submit' }).click();
      expect(await messageOf(page, 'Phone'), phone).toMatch(/10-digit phone number/);
      await expect(field(page, 'Phone')).toHaveValue(phone);
      await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    }
    expect(sent.count).toBe(0);
  });

  test('a 10,000-character story is kept whole, Submit says how long it may be, and a shorter one is sent', WHOLE_RUN, async ({ page }) => {
    const sent = await countSends(page);
    const long = 'कहानी कथा '.repeat(1000); // 10,000 characters, pasted at once
    expect(long).toHaveLength(10_000);
    await fill(page, { Story: long });
    await page.getByRole('button', { name: 'Submit' }).click();
    expect(await messageOf(page, 'Story')).toMatch(/10,000 characters.*5,000 or fewer/);
    await expect(field(page, 'Story')).toHaveValue(long);
    expect(sent.count).toBe(0);
    await field(page, 'Story').fill(long.slice(0, 5000));
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
    expect(sent.count).toBe(1);
  });

  test('Devanagari and emoji in the name and the story are sent and saved exactly as typed', async ({ page }) => {
    const name = `आशा देवी 🙏🏽 ${Date.now()}`;
    const story = 'मेरे गाँव में बस स्टॉप पर रोशनी नहीं है। 🚌💡\nअब हम साथ चलते हैं 👭';
    const sent = page.waitForRequest('**/api/stories');
    await fill(page, { Name: name, Story: story });
    await page.getByRole('button', { name: 'Submit' }).click();
    expect((await sent).postDataJSON()).toEqual({ Name: name, Phone: STORY.Phone, Story: story });
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
    const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.filter((row) => row.Name === name)).toEqual([expect.objectContaining({ Story: story })]);
  });

  test('HTML typed into every field is sent as text and comes back as text after a failure and a reload', WHOLE_RUN, async ({ page }) => {
    const typed = { Name: '<b>Asha</b>', Phone: STORY.Phone, Story: '<script>document.title = "hacked"</script><img src=x onerror="document.title = \'hacked\'">' };
    let body: unknown;
    await page.route('**/api/stories', (route) => {
      body = route.request().postDataJSON();
      // An answer with markup in it, as a broken or hostile endpoint might send.
      return route.fulfill({ status: 422, json: { ok: false, outcome: 'refused', error: '<img src=x onerror="document.title = \'hacked\'">Bad.' } });
    });
    await fill(page, typed);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('<img src=x onerror="document.title = \'hacked\'">Bad.');
    expect(body).toEqual(typed);
    await page.reload();
    await formHydrated(page);
    for (const label of ['Name', 'Phone', 'Story'] as const) await expect(field(page, label)).toHaveValue(typed[label]);
    await expect(form(page).locator('b, script, img')).toHaveCount(0);
    await expect(page).not.toHaveTitle('hacked');
  });

  test('a name or story of spaces only is refused', WHOLE_RUN, async ({ page }) => {
    await field(page, 'Name').fill('   ');
    await field(page, 'Story').fill('  \n ');
    expect(await isValid(page, 'Name')).toBe(false);
    expect(await isValid(page, 'Story')).toBe(false);
  });

  test('it POSTs exactly Name, Phone and Story as JSON, the phone as 10 digits', WHOLE_RUN, async ({ page }) => {
    const sent = page.waitForRequest('**/api/stories');
    await fill(page, { Phone: '+91 98765 43210' });
    await page.getByRole('button', { name: 'Submit' }).click();
    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.headers()['content-type']).toBe('application/json');
    expect(request.postDataJSON()).toEqual(STORY);
  });

  test('success clears the form, unchecks consent, shows the snackbar for 3 s, and the inbox has the row', async ({ page }) => {
    const name = `Asha ${Date.now()}`;
    // The snackbar's timer must be the fake clock's, and the clock must stand still while the test
    // looks: a clock left running counts a busy machine's seconds too, and hides the snackbar early.
    await snackbarHydrated(page);
    await page.clock.install();
    await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1000));
    await fill(page, { Name: name });
    await page.getByRole('button', { name: 'Submit' }).click();
    const snackbar = page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' });
    await expect(snackbar).toBeVisible();
    await expect(field(page, 'Name')).toHaveValue('');
    await expect(field(page, 'Story')).toHaveValue('');
    await expect(field(page, CONSENT)).not.toBeChecked();
    await page.clock.runFor(SNACKBAR_MS - 200);
    await expect(snackbar).toBeVisible();
    await page.clock.runFor(400);
    await expect(snackbar).toBeHidden();
    const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
    expect(rows.filter((row) => row.Name === name)).toEqual([
      expect.objectContaining({ Name: name, Phone: STORY.Phone, Story: STORY.Story }),
    ]);
  });

  test('an HTTP 500 is "not sent yet": every value kept, and the story kept to go by itself', async ({ page }) => {
    await page.route('**/api/stories', (route) => route.fulfill({ status: 500, body: '' }));
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('Your story is not sent yet');
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('stree:story-draft')))!).outbox.story).toMatchObject({ Name: STORY.Name });
    await expect(field(page, 'Name')).toHaveValue(STORY.Name);
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    await expect(field(page, CONSENT)).toBeChecked();
  });

  test('an aborted request says the server could not be reached and keeps the story', WHOLE_RUN, async ({ page }) => {
    await page.route('**/api/stories', (route) => route.abort('failed'));
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('could not reach');
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
  });

  test('offline, it says so and keeps the story', async ({ page, context }) => {
    await fill(page);
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('alert')).toContainText('offline');
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    await context.setOffline(false);
  });

  test('an answer that stalls past the request’s patience times out with a message, and Submit tries again', WHOLE_RUN, async ({ page }) => {
    await page.clock.install();
    await open(page);
    let requests = 0;
    await page.route('**/api/stories', (route) => {
      requests += 1;
      return requests === 1 ? new Promise(() => {}) : route.fulfill({ status: 201, json: { ok: true, outcome: 'saved' } });
    });
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    // Past the fixed 20 s of before, a slow 2G uplink may still be carrying it: it is waited for.
    await page.clock.runFor(20_100);
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    await expect(page.getByRole('alert')).toBeEmpty();
    await page.clock.runFor(patienceFor(Buffer.byteLength(JSON.stringify(STORY))));
    await expect(page.getByRole('alert')).toHaveText(en.form.timeout);
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
    await expect(page.getByRole('alert')).toBeEmpty();
    expect(requests).toBe(2);
  });

  test('a double click sends the story once', async ({ page }) => {
    let requests = 0;
    let release = () => {};
    await page.route('**/api/stories', async (route) => {
      requests += 1;
      await new Promise<void>((resolve) => { release = resolve; });
      await route.fulfill({ status: 201, json: { ok: true, outcome: 'saved' } });
    });
    await fill(page);
    await page.getByRole('button', { name: 'Submit' }).dblclick();
    await expect(page.getByRole('button', { name: 'Submit' })).toBeDisabled();
    release();
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
    expect(requests).toBe(1);
  });

  test('the draft survives a reload until it is sent', async ({ page }) => {
    await fill(page);
    await page.reload();
    await formHydrated(page);
    await expect(field(page, 'Name')).toHaveValue(STORY.Name);
    await expect(field(page, 'Phone')).toHaveValue(STORY.Phone);
    await expect(field(page, 'Story')).toHaveValue(STORY.Story);
    await expect(page.getByText('We kept the story you started')).toBeVisible();
    await field(page, CONSENT).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Form Submitted Successfully!' })).toBeVisible();
    await page.reload();
    // The server's HTML is an empty form too: only after hydration does "empty" say the draft is gone.
    await formHydrated(page);
    await expect(field(page, 'Story')).toHaveValue('');
    await expect(page.getByText('We kept the story you started')).toHaveCount(0);
  });
});

test('a story page has the form too', WHOLE_RUN, async ({ page }) => {
  await page.goto('/home#salaamstree');
  await page.locator('#salaamstree [role="tabpanel"]').getByRole('link').first().click();
  await expect(page).toHaveURL(/\/salaamstree\/[^/]+\/0$/);
  await expect(page.getByRole('heading', { name: 'Share your Stories' })).toBeVisible();
  await expect(field(page, 'Phone')).toHaveAttribute('type', 'tel');
});

// The page knows its language when it is built: the form's script brings that edition's words
// alone, not every edition's (issue 35: another's are bytes on her metered 2G, never shown).
for (const locale of LOCALES) {
  const path = `/${editionFolder(locale)}home`;
  test(`${path}: the form's script carries its own edition's words and no other edition's`, everyChangeIf(locale === 'gu'), async ({ page }) => {
    const scripts: Promise<string>[] = [];
    const readScript = (response: Response) => {
      if (response.request().resourceType() === 'script') scripts.push(response.text());
    };
    page.on('response', readScript);
    await page.goto(path);
    const storyForm = page.locator('section[data-story-endpoint] form');
    await storyForm.scrollIntoViewIfNeeded();
    await islandHydrated(storyForm);
    // Sentences only the script says (a failure, the queue): never in the page's HTML. The
    // response that brings them may still be arriving when the form has woken.
    const own = getStrings(locale).form;
    const fetchedScripts = async () => (await Promise.all(scripts)).join('\n');
    await expect.poll(async () => (await fetchedScripts()).includes(own.offline), { message: `${locale}'s own words` }).toBe(true);
    await page.waitForLoadState('networkidle');
    // A script that comes later still is not read: its body, asked for as the test ends, fails it.
    page.off('response', readScript);
    const fetched = await fetchedScripts();
    const others = LOCALES.filter((other) => other !== locale).flatMap((other) => [getStrings(other).form.offline, getStrings(other).form.queuedNextVisit]);
    expect(others.filter((sentence) => fetched.includes(sentence))).toEqual([]);
  });
}

// The page's form has a file input for a recording; the script swaps it for the Record button.
// Whatever she reads below the form (the footer, the helplines) must not jump when it wakes.
for (const [path, words] of [['/home', en.form], ['/hi/home', hi.form]] as const) {
  for (const width of [240, 360, 1280]) {
    test(`${path} at ${width} px: the form keeps its height when its script wakes it`, everyChangeIf(path === '/home' && width === 360), async ({ browser }) => {
      const heightOfForm = async (javaScriptEnabled: boolean) => {
        const context = await browser.newContext({ javaScriptEnabled, viewport: { width, height: 800 } });
        const page = await context.newPage();
        await page.goto(path);
        const form = page.locator('section[data-story-endpoint] form');
        await form.scrollIntoViewIfNeeded();
        // Awake, the Record button has taken the file input's place.
        if (javaScriptEnabled) await expect(form.getByRole('button', { name: words.record })).toBeVisible({ timeout: 0 });
        else await expect(form.getByLabel(words.recordingFile)).toBeVisible();
        const { height } = (await form.boundingBox())!;
        await context.close();
        return height;
      };
      const asServed = await heightOfForm(false);
      // A few pixels: the file input is a little taller than the button.
      expect(Math.abs((await heightOfForm(true)) - asServed)).toBeLessThanOrEqual(4);
    });
  }
}
