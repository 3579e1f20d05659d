// The Gujarati edition (docs/design.md, "Gujarati edition", "Editions: a language is one row",
// "Letters on every phone"): every page has a Gujarati twin at /gu + its English path, in Gujarati;
// every page links to each other edition, named in its own script, with or without JavaScript, at
// 240 px; search engines learn of all three; a story written in Gujarati reaches the inbox intact;
// and Gujarati pages fall back to the site's Gujarati font only where the phone has none, while
// English and Hindi pages never fetch it.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { E2E_INBOX_FILE } from '../../playwright.config';
import { findChromium } from '../../scripts/find-chromium.js';
import { gu } from '../../src/i18n/gu';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

/** Every page type but the 404 page, which is one page for every address, English with a line in each other language. */
const TWINNED = PAGE_TYPES.filter(({ name }) => name !== 'not found');
const READABLE = TWINNED.filter(({ path }) => path !== '/');
const gujaratiOf = (path: string) => `/gu${path}`;
const GUJARATI = /[\u0A80-\u0AFF]/g;
const LATIN = /[A-Za-z]/g;
/** Each edition's name for itself, as every other edition's pages link to it. */
const NAMES = { en: 'English', hi: 'हिन्दी', gu: 'ગુજરાતી' } as const;
const escaped = (path: string) => path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Keeps the splash on screen: its redirect is answered 204, so the browser stays where it is. */
async function holdSplash(page: Page) {
  await page.route('**/home', (route) => route.fulfill({ status: 204 }));
}

/** The share of letters in the page's main text that are Gujarati. */
async function gujaratiShare(page: Page) {
  const text = await page.locator('main').innerText();
  const gujarati = text.match(GUJARATI)?.length ?? 0;
  const latin = text.match(LATIN)?.length ?? 0;
  return gujarati / Math.max(1, gujarati + latin);
}

/** Every font file the page asks for, from now on. */
function fontRequests(page: Page) {
  const fonts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'font' || /\.(woff2?|ttf|otf)(\?|$)/.test(request.url())) fonts.push(new URL(request.url()).pathname);
  });
  return fonts;
}

test.describe('every page has a Gujarati twin', () => {
  test.use({ serviceWorkers: 'block' });

  for (const { name, path } of TWINNED) {
    test(`the ${name} page's twin is in Gujarati: its language, its header and most of its words`, everyChangeIf(name === 'home'), async ({ page }) => {
      if (path === '/') await holdSplash(page);
      const response = await page.goto(gujaratiOf(path));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
      if (path !== '/') {
        await page.setViewportSize({ width: 1280, height: 800 });
        const nav = page.getByRole('navigation', { name: gu.nav.label });
        for (const label of Object.values(gu.nav).filter((label) => label !== gu.nav.label)) {
          await expect(nav.getByRole('link', { name: label, exact: true })).toBeVisible();
        }
        expect(await gujaratiShare(page)).toBeGreaterThan(0.85);
      }
    });
  }
});

test.describe('the language links, without JavaScript, at 240 px', () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 240, height: 320 } });

  for (const { name, path } of READABLE) {
    test(`the ${name} page links to each other edition, each named in its own script, and each link leads to its twin`, WHOLE_RUN, async ({ page }) => {
      for (const [from, prefix] of [['en', ''], ['hi', '/hi'], ['gu', '/gu']] as const) {
        await page.goto(`${prefix}${path}`);
        const banner = page.getByRole('banner');
        const others = (Object.keys(NAMES) as (keyof typeof NAMES)[]).filter((code) => code !== from);
        await expect(banner.getByRole('link', { name: /^(English|हिन्दी|ગુજરાતી)$/ })).toHaveCount(others.length);
        for (const code of others) {
          const link = banner.getByRole('link', { name: NAMES[code], exact: true });
          // In view on a 240 px screen without opening the menu, and read in its own language.
          await expect(link, `${from} → ${code}`).toBeInViewport();
          await expect(link).toHaveAttribute('lang', code);
        }
        expect(await page.evaluate(() => document.documentElement.scrollWidth), `${from} ${path}`).toBeLessThanOrEqual(240);
      }
      // From English to Gujarati and on to Hindi, each the same page.
      await page.goto(path);
      await page.getByRole('banner').getByRole('link', { name: NAMES.gu, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/gu${escaped(path)}/?$`));
      await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
      await page.getByRole('banner').getByRole('link', { name: NAMES.hi, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/hi${escaped(path)}/?$`));
    });
  }

  test('the 404 page says in Gujarati that the page is not there, and leads to the Gujarati home page', WHOLE_RUN, async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.locator('main [lang="gu"]')).toContainText(gu.notFound.body);
    await page.getByRole('link', { name: gu.notFound.home }).click();
    await expect(page).toHaveURL(/\/gu\/home\/?$/);
  });
});

test('the menu links to each other edition too', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/gu/home');
  await page.getByRole('button', { name: gu.menu.open }).click();
  const menu = page.getByRole('dialog');
  await expect(menu.getByRole('link', { name: NAMES.en, exact: true })).toHaveAttribute('lang', 'en');
  await menu.getByRole('link', { name: NAMES.hi, exact: true }).click();
  await expect(page).toHaveURL(/\/hi\/home\/?$/);
});

test('each edition names all three to search engines, the same from each', async ({ request }) => {
  const alternates = (html: string) =>
    Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)].map(([, lang, href]) => [lang, decodeURI(new URL(href!.replaceAll('&amp;', '&')).pathname)]),
    );
  for (const { path } of READABLE) {
    const slashed = decodeURI(path.replace(/\/?$/, '/'));
    const english = alternates(await (await request.get(path)).text());
    expect(english, path).toEqual({ en: slashed, hi: `/hi${slashed}`, gu: `/gu${slashed}`, 'x-default': slashed });
    expect(alternates(await (await request.get(`/hi${path}`)).text()), path).toEqual(english);
    expect(alternates(await (await request.get(gujaratiOf(path))).text()), path).toEqual(english);
  }
});

test('the sitemap lists the Gujarati pages with their twins, and not the pages that are no address', async ({ request }) => {
  const sitemap = await (await request.get('/sitemap-0.xml')).text();
  expect(sitemap).toMatch(/<loc>[^<]*\/gu\/home\/<\/loc>/);
  expect(sitemap).toMatch(/<xhtml:link rel="alternate" hreflang="gu" href="[^"]*\/gu\/home\/"/);
  expect(sitemap).not.toContain('/gu/offline/');
  expect(sitemap).not.toContain('/gu/story-sent/');
});

test('a story written in Gujarati reaches the inbox letter for letter', async ({ page }) => {
  const name = `હંસાબેન પટેલ ${Date.now()}`;
  const story = 'અમારા ગામમાં રાત્રે રસ્તા પર અજવાળું નથી. ક્ષ જ્ઞ શ્ર ત્ર — છોકરીઓને ડર લાગે છે.';
  await page.goto('/gu/home');
  await hydrateEveryIsland(page);
  await page.getByLabel(gu.form.name, { exact: true }).fill(name);
  await page.getByLabel(gu.form.phone, { exact: true }).fill('98765 43210');
  await page.getByLabel(gu.form.story, { exact: true }).fill(story);
  await page.getByLabel(gu.form.consent).check();
  const sent = page.waitForResponse((response) => response.url().includes('/api/stories'));
  await page.getByRole('button', { name: gu.form.submit }).click();
  expect((await sent).ok()).toBe(true);
  await expect(page.getByRole('status').filter({ hasText: gu.form.success })).toBeVisible();
  const rows = parse(readFileSync(E2E_INBOX_FILE), { bom: true, columns: true }) as Record<string, string>[];
  expect(rows.filter((row) => row.Name === name)).toEqual([expect.objectContaining({ Name: name, Phone: '9876543210', Story: story })]);
});

test('a Gujarati reader offline gets the Gujarati offline page', WHOLE_RUN, async ({ page, context }) => {
  await page.goto('/gu/home');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise((done) => navigator.serviceWorker.addEventListener('controllerchange', done, { once: true }));
    }
  });
  await context.setOffline(true);
  await page.goto('/gu/handmade/');
  await expect(page.getByRole('heading', { level: 1, name: gu.offline.title })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
});

test.describe('letters on every phone', () => {
  test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });

  test('a Gujarati page names the phone’s own Gujarati font first, and the served one for Gujarati letters only', WHOLE_RUN, async ({ page, request }) => {
    await page.goto('/gu/home');
    const faces = await page.locator('head style').evaluateAll((styles) =>
      styles.flatMap((style) => [...(style as HTMLStyleElement).sheet!.cssRules].filter((rule) => rule instanceof CSSFontFaceRule))
        .map((rule) => {
          const { style } = rule as CSSFontFaceRule;
          return { family: style.getPropertyValue('font-family'), src: style.getPropertyValue('src'), range: style.getPropertyValue('unicode-range'), display: style.getPropertyValue('font-display'), weight: style.getPropertyValue('font-weight') };
        }),
    );
    expect(faces.map(({ weight }) => weight).sort()).toEqual(['400', '700']);
    for (const face of faces) {
      expect(face.src).toMatch(/^local\("Noto Sans Gujarati( Bold)?"\)/);
      // The phone's own fonts, by name, before the one file the site serves, a woff2 in /_astro/.
      expect(face.src.match(/url\(/g)).toHaveLength(1);
      expect(face.src.indexOf('url(')).toBeGreaterThan(face.src.lastIndexOf('local('));
      expect(face.src).toMatch(/url\("\/_astro\/fonts\/[\w.-]+\.woff2"\) format\("woff2"\)$/);
      const ranges = face.range.split(',').map((range) => range.trim().replace(/^U\+/i, '').split('-').map((hex) => parseInt(hex, 16)));
      const covers = (letter: string) => ranges.some(([first, last = first]) => first! <= letter.codePointAt(0)! && letter.codePointAt(0)! <= last!);
      expect(covers('ગ') && covers('ુ')).toBe(true);
      expect(['a', 'Z', '1', ' ', 'ह'].filter(covers)).toEqual([]);
      expect(face.display).toBe('swap');
      const file = await request.get(face.src.match(/url\("([^"]+)"\)/)![1]!);
      expect(file.ok()).toBe(true);
      // About 35 KB a weight: the Gujarati subset only.
      expect((await file.body()).length).toBeLessThan(40 * 1024);
    }
  });

  test('on a phone without a Gujarati font, a Gujarati page fetches the served one and shows its letters with it', async ({ page }) => {
    const fonts = fontRequests(page);
    await page.goto('/gu/home');
    await page.evaluate(() => document.fonts.ready);
    expect(fonts.length).toBeGreaterThan(0);
    expect(fonts.every((path) => /^\/_astro\/fonts\/noto-sans-gujarati-gujarati-(400|700)-normal\.\w+\.woff2$/.test(path)), fonts.join()).toBe(true);
    expect(await page.evaluate(() => document.fonts.check('16px "Noto Sans Gujarati"', 'ગુજરાતી'))).toBe(true);
  });

  test('English and Hindi pages never fetch it, though they link to ગુજરાતી', WHOLE_RUN, async ({ page }) => {
    const fonts = fontRequests(page);
    for (const path of ['/home', '/hi/home', '/hi/stay-safe/', '/no/such/page']) {
      await page.goto(path);
      await hydrateEveryIsland(page);
      await expect(page.getByRole('banner').getByRole('link', { name: NAMES.gu, exact: true })).toBeAttached();
      await page.evaluate(() => document.fonts.ready);
    }
    expect(fonts).toEqual([]);
  });

  test('on a phone that has its own Gujarati font, a Gujarati page fetches none', WHOLE_RUN, async ({ playwright, baseURL }) => {
    // A machine whose fonts include Noto Sans Gujarati, as Android 10 and later have it.
    const fontsPackage = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/noto-sans-gujarati/package.json'));
    const folder = mkdtempSync(join(tmpdir(), 'gujarati-phone-'));
    const config = join(folder, 'fonts.conf');
    writeFileSync(config, `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(fontsPackage, '400Regular')}</dir>
  <dir>${join(fontsPackage, '700Bold')}</dir>
  <cachedir>${join(folder, 'cache')}</cachedir>
</fontconfig>
`);
    const browser = await playwright.chromium.launch({ executablePath: findChromium(), args: ['--no-sandbox'], env: { ...process.env, FONTCONFIG_FILE: config } });
    try {
      const page = await browser.newPage({ baseURL, serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
      const fonts = fontRequests(page);
      await page.goto('/gu/home');
      await page.evaluate(() => document.fonts.ready);
      expect(await page.getByRole('heading', { level: 2 }).first().textContent()).toMatch(GUJARATI);
      expect(fonts).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
