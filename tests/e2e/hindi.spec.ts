// The Hindi edition (docs/design.md, "Hindi edition"): every page has a Hindi twin at /hi + its
// English path, in Hindi; a plain link leads between the twins, with or without JavaScript; search
// engines learn of both; a story written in Devanagari reaches the inbox intact; no font is fetched.
import { existsSync, readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { hi } from '../../src/i18n/hi';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

/** Every page type but the 404 page, which is one page for every address, English with a Hindi line. */
const TWINNED = PAGE_TYPES.filter(({ name }) => name !== 'not found');
const hindiOf = (path: string) => `/hi${path}`;
const DEVANAGARI = /[\u0900-\u097F]/g;
const LATIN = /[A-Za-z]/g;

/** Keeps the splash on screen: its redirect is answered 204, so the browser stays where it is. */
async function holdSplash(page: Page) {
  await page.route('**/home', (route) => route.fulfill({ status: 204 }));
}

/** The share of letters in the page's main text that are Devanagari. */
async function devanagariShare(page: Page) {
  const text = await page.locator('main').innerText();
  const devanagari = text.match(DEVANAGARI)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  return devanagari / Math.max(1, devanagari + latin);
}

test.describe('every page has a Hindi twin', () => {
  test.use({ serviceWorkers: 'block' });

  for (const { name, path } of TWINNED) {
    test(`the ${name} page's twin is in Hindi: its language, its header and most of its words`, everyChangeIf(name === 'home'), async ({ page }) => {
      if (path === '/') await holdSplash(page);
      const response = await page.goto(hindiOf(path));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
      if (path !== '/') {
        await page.setViewportSize({ width: 1280, height: 800 });
        const nav = page.getByRole('navigation', { name: hi.nav.label });
        for (const label of Object.values(hi.nav).filter((label) => label !== hi.nav.label)) {
          await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
        }
        expect(await devanagariShare(page)).toBeGreaterThan(0.85);
      }
    });
  }

  test('English pages say they are English', WHOLE_RUN, async ({ page }) => {
    for (const { path } of TWINNED.filter(({ path }) => path !== '/')) {
      await page.goto(path);
      await expect(page.locator('html'), path).toHaveAttribute('lang', 'en');
    }
  });
});

test.describe('the language link, without JavaScript', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });

  for (const { name, path } of TWINNED.filter(({ path }) => path !== '/')) {
    test(`leads from the English ${name} page to its Hindi twin and back`, everyChangeIf(name === 'story'), async ({ page }) => {
      await page.goto(path);
      const toHindi = page.getByRole('banner').getByRole('link', { name: 'हिन्दी', exact: true });
      // Visible at 360 px without opening the menu.
      await expect(toHindi).toBeInViewport();
      await expect(toHindi).toHaveAttribute('lang', 'hi');
      await toHindi.click();
      await expect(page).toHaveURL(new RegExp(`/hi${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
      const toEnglish = page.getByRole('banner').getByRole('link', { name: 'English', exact: true });
      await expect(toEnglish).toBeInViewport();
      await toEnglish.click();
      await expect(page).toHaveURL(new RegExp(`${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/?$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    });
  }

  test('the 404 page leads to the Hindi home page, and says so in Hindi', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.locator('main [lang="hi"]')).toContainText(hi.notFound.body);
    await page.getByRole('link', { name: hi.notFound.home }).click();
    await expect(page).toHaveURL(/\/hi\/home\/?$/);
  });
});

test('the drawer carries the language link too', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/home');
  await page.getByRole('button', { name: /menu/i }).click();
  await page.getByRole('dialog').getByRole('link', { name: 'हिन्दी' }).click();
  await expect(page).toHaveURL(/\/hi\/home\/?$/);
});

test('each edition names itself and its twin to search engines, both ways', async ({ request }) => {
  const alternates = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, new URL(href!.replaceAll('&amp;', '&')).pathname]),
    );
  for (const { path } of TWINNED.filter(({ path }) => path !== '/')) {
    const english = alternates(await (await request.get(path)).text());
    const hindi = alternates(await (await request.get(hindiOf(path))).text());
    const englishPath = decodeURI(english.en!);
    expect(decodeURI(englishPath), path).toBe(decodeURI(path.replace(/\/?$/, '/')));
    expect(decodeURI(english.hi!), path).toBe(decodeURI(hindiOf(path).replace(/\/?$/, '/')));
    expect(english['x-default'], path).toBe(english.en);
    expect(hindi, path).toEqual(english);
  }
});

test('the sitemap lists both editions of a page, each pointing at the other', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toContain('/hi/home/</loc>');
  expect(sitemap).toMatch(/<loc>[^<]*\/home\/<\/loc><xhtml:link rel="alternate" hreflang="(en|hi|gu)"/);
  expect(sitemap).not.toContain('/hi/offline/');
});

test('a story written in Hindi reaches the inbox letter for letter', async ({ page }) => {
  const name = `सुनीता देवी ${Date.now()}`;
  const story = 'हमारे गाँव की सड़क पर रात को रोशनी नहीं है। क्ष त्र श्र ज्ञ — लड़कियाँ डरती हैं।';
  await page.goto('/hi/home');
  await hydrateEveryIsland(page);
  await page.getByLabel(hi.form.name, { exact: true }).fill(name);
  await page.getByLabel(hi.form.phone, { exact: true }).fill('98765 43210');
  await page.getByLabel(hi.form.story, { exact: true }).fill(story);
  await page.getByLabel(hi.form.consent).check();
  const sent = page.waitForResponse((response) => response.url().includes('/api/stories'));
  await page.getByRole('button', { name: hi.form.submit }).click();
  expect((await sent).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: hi.form.success })).toBeVisible();
  // A spreadsheet opens the file as UTF-8 only when it starts with a byte-order mark.
  const bytes = readFileSync(E2E_INBOX_FILE);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const rows = existsSync(E2E_INBOX_FILE) ? (parse(bytes, { bom: true, columns: true }) as Record<string, string>[]) : [];
  expect(rows.filter((row) => row.Name === name)).toEqual([expect.objectContaining({ Name: name, Phone: '9876543210', Story: story })]);
});

// At a phone's width: axe.spec.ts covers the laptop's layout, which the Hindi words do not change.
test.describe('each Hindi page type, hydrated at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  for (const { name, path } of TWINNED) {
    test(`the ${name} page has no axe violation and downloads no font: the phone has its own`, WHOLE_RUN, async ({ page }) => {
      const fonts: string[] = [];
      page.on('request', (request) => {
        if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(request.url());
      });
      if (path === '/') await holdSplash(page);
      await page.goto(hindiOf(path));
      if (path !== '/') await hydrateEveryIsland(page);
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.flatMap((v) => v.nodes.map((node) => `${v.id} ${node.target.join(' ')}`))).toEqual([]);
      expect(fonts).toEqual([]);
    });
  }
});

// The carousels' words travel in their markup to Swiper's script: a screen reader hears them in Hindi.
test.describe('the Hindi carousels', () => {
  // page.route cannot hold back a script a service worker answers.
  test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'block' });

  test('name their controls in Hindi, before Swiper starts and after', async ({ page }) => {
    await page.route(/\/_astro\/Carousel\.[\w-]+\.js(\?.*)?$/, (route) => route.abort());
    await page.goto('/hi/home');
    const banner = page.locator('#home [data-carousel]');
    await expect(banner.getByRole('group', { name: hi.home.bannerLabel })).toBeVisible();
    await page.unrouteAll();
    await page.reload();
    await expect(banner).toHaveClass(/swiper-initialized/);
    await expect(page.getByRole('region', { name: hi.home.bannerLabel })).toBeVisible();
    await expect(banner.getByRole('button', { name: hi.carousel.next })).toBeVisible();
    await expect(banner.getByRole('button', { name: hi.carousel.previous })).toBeVisible();
    await expect(banner.getByRole('button', { name: hi.carousel.goTo.replace('{{index}}', '2') })).toBeVisible();
  });
});

test('a Hindi reader offline gets the Hindi offline page', async ({ page, context }) => {
  await page.goto('/hi/home');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.goto('/hi/handmade/');
  await expect(page.getByRole('heading', { level: 1, name: hi.offline.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
});
