// Share (docs/design.md, "Help and safety, one tap away"; docs/help.md): the phone's share sheet
// where the browser has one, else a WhatsApp link that works without JavaScript, and Copy link.
// The share sheet and the clipboard are faked, so nothing leaves the machine.
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { frontmatter } from './content';
import { ORGANISATION, SITE_URL, STORY } from './help-fixtures';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN } from './runs';

const TITLE = `${STORY.name} | ${ORGANISATION}`;

const tools = (page: Page) => page.getByRole('group', { name: 'Listen and share' });
const whatsApp = (page: Page) => tools(page).getByRole('link', { name: /Share on WhatsApp/ });

/** WhatsApp's click-to-chat address, with the words WhatsApp reads from it when she follows it. */
async function expectWhatsAppText(page: Page, text: string) {
  await expect(whatsApp(page)).toHaveAttribute('href', /^https:\/\/wa\.me\/\?text=/);
  expect(new URL((await whatsApp(page).getAttribute('href'))!).searchParams.get('text')).toBe(text);
}

/** No Web Share API, as in Chrome on Linux and Firefox on a computer. */
const withoutShareSheet = (page: Page) => page.addInitScript(() => delete (Navigator.prototype as Partial<Navigator>).share);

/** A share sheet that records what it was given, then behaves as `outcome` says. */
const shareSheet = (page: Page, outcome: 'shared' | 'cancelled' | 'failed') =>
  page.addInitScript((result) => {
    Object.defineProperty(Navigator.prototype, 'share', {
      configurable: true,
      value: async (data: ShareData) => {
        (window as unknown as { shared: ShareData }).shared = data;
        if (result === 'cancelled') throw new DOMException('Share canceled', 'AbortError');
        if (result === 'failed') throw new DOMException('No app', 'NotAllowedError');
      },
    });
  }, outcome);

test.use({ serviceWorkers: 'block' });

test('without a share sheet, Share on WhatsApp links to WhatsApp with the title and the address', async ({ page }) => {
  await withoutShareSheet(page);
  await page.goto(STORY.path);
  await expectWhatsAppText(page, `${TITLE} ${STORY.canonical}`);
  await expect(whatsApp(page)).toHaveAttribute('rel', /(?=.*noopener)(?=.*noreferrer)/);
  await expect(tools(page).getByRole('button', { name: 'Share', exact: true })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('Share on WhatsApp is a plain link, and no button that needs a script shows', async ({ page }) => {
    await page.goto(STORY.path);
    await expectWhatsAppText(page, `${TITLE} ${STORY.canonical}`);
    await expect(tools(page).getByRole('button')).toHaveCount(0);
  });
});

test('with a share sheet, Share opens it with the title and the address', async ({ page }) => {
  await shareSheet(page, 'shared');
  await page.goto(STORY.path);
  await expect(whatsApp(page)).toBeHidden();
  await tools(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { shared?: ShareData }).shared)).toEqual({ title: TITLE, text: TITLE, url: STORY.canonical });
});

test('closing the share sheet without choosing an app is not an error', WHOLE_RUN, async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
  await shareSheet(page, 'cancelled');
  await page.goto(STORY.path);
  await tools(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect.poll(() => page.evaluate(() => Boolean((window as unknown as { shared?: ShareData }).shared))).toBe(true);
  await expect(whatsApp(page)).toBeHidden();
  await expect(tools(page).getByRole('status').last()).toHaveText('');
  expect(errors).toEqual([]);
});

test('a share sheet that fails brings back the WhatsApp link', WHOLE_RUN, async ({ page }) => {
  await shareSheet(page, 'failed');
  await page.goto(STORY.path);
  await tools(page).getByRole('button', { name: 'Share', exact: true }).click();
  await expect(whatsApp(page)).toBeVisible();
});

test('Copy link copies the page’s address and says so', WHOLE_RUN, async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => void ((window as unknown as { copied: string }).copied = text),
    });
  });
  await page.goto(STORY.path);
  await tools(page).getByRole('button', { name: 'Copy link' }).click();
  await expect(tools(page).getByRole('status').last()).toHaveText('Link copied.');
  expect(await page.evaluate(() => (window as unknown as { copied: string }).copied)).toBe(STORY.canonical);
});

test('when copying fails, the address is shown to copy by hand', WHOLE_RUN, async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', { configurable: true, value: async () => { throw new DOMException('Denied', 'NotAllowedError'); } });
  });
  await page.goto(STORY.path);
  await tools(page).getByRole('button', { name: 'Copy link' }).click();
  await expect(tools(page).getByRole('status').last()).toHaveText(`Could not copy the link. Its address is ${STORY.canonical}`);
});

test('a profile page has the same share control, with its own address', WHOLE_RUN, async ({ page }) => {
  await withoutShareSheet(page);
  const profile = PAGE_TYPES.find(({ name }) => name === 'profile')!.path;
  const folder = readdirSync(join(process.cwd(), 'src/content/profiles')).find((dir) =>
    existsSync(join(process.cwd(), 'src/content/profiles', dir, `${profile.split('/').at(-2)}.md`)),
  )!;
  const name = frontmatter(`profiles/${folder}/${profile.split('/').at(-2)}.md`, 'name');
  await page.goto(profile);
  const text = `${name} | ${ORGANISATION} ${new URL(profile, SITE_URL).href}`;
  await expectWhatsAppText(page, text);
});
