// Feature phones (docs/design.md, "Where we do better"): a 240×320 screen, a D-pad that moves focus
// and a centre key that activates, an old browser that runs no ES modules and so gets the page as
// it is without JavaScript. Every page type, with JavaScript on and off: nothing scrolls sideways
// (in any edition), and the keyboard alone reaches every link and button on the page.
import { expect, test, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { readJson } from './content';
import { gu } from '../../src/i18n/gu';
import { DEFAULT_LOCALE, LOCALES } from '../../src/lib/editions';
import { hydrateEveryIsland } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

const FEATURE_PHONE = { width: 240, height: 320 };
/** Every page type but the splash (it leaves by itself). */
const PAGES = PAGE_TYPES.filter(({ path }) => path !== '/');
/** Their twins in each other edition (src/lib/editions.ts): the same controls in the same order, in longer words. */
const TWINS = LOCALES.filter((locale) => locale !== DEFAULT_LOCALE).map((locale) => ({
  locale,
  pages: PAGES.filter(({ name }) => name !== 'not found').map(({ name, path }) => ({ name, path: `/${locale}${path}` })),
}));

/** How far the page reaches past the screen's right edge, in CSS pixels. */
const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** Each visible link or button wider than the screen: focused, part of it would be off screen. */
function controlsWiderThanScreen(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href], button:not([disabled])')].flatMap((el) => {
      const { width, height } = el.getBoundingClientRect();
      const isShown = height > 0 && getComputedStyle(el).visibility !== 'hidden';
      const name = (el.textContent ?? '').trim().slice(0, 40);
      return isShown && width > document.documentElement.clientWidth + 0.5 ? [`"${name}" ${Math.round(width)} px`] : [];
    }),
  );
}

/**
 * The links and buttons a visitor can see, each marked with a number so the Tab walk can tell
 * them apart; returns each one's number and a line that names it.
 */
function markVisibleControls(page: Page) {
  return page.evaluate(() =>
    [...document.querySelectorAll('a[href], button:not([disabled])')]
      .filter((el) => {
        const box = el.getBoundingClientRect();
        // Taken out of the Tab order on purpose, with a key for it instead: the gallery's other
        // tabs and its strip's scroll buttons are reached with the arrow keys (the ARIA tabs
        // pattern), which gallery.spec.ts walks.
        const isArrowKeyStop = el.getAttribute('tabindex') === '-1';
        return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== 'hidden' && !isArrowKeyStop && !el.closest('[inert], [aria-hidden="true"]');
      })
      .map((el, index) => {
        el.setAttribute('data-control', String(index));
        // An island that wakes when reached redraws its control: the new one stands for the old.
        const island = el.closest('astro-island[client="reach"]');
        if (island) island.setAttribute('data-control', String(index));
        const name = (el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || '';
        return { id: String(index), name: `${el.tagName.toLowerCase()} "${name}" ${el.getAttribute('href') ?? ''}` };
      }),
  );
}

/** Whether the focused element comes to lie across the screen's width, within a few seconds. */
async function comesIntoView(page: Page) {
  const inView = () =>
    page.evaluate(() => {
      const box = document.activeElement!.getBoundingClientRect();
      return box.left >= -0.5 && box.right <= document.documentElement.clientWidth + 0.5;
    });
  return expect.poll(inView, { timeout: 3000 }).toBe(true).then(() => true, () => false);
}

/**
 * Presses Tab until focus comes back to an element it already stopped on; returns the marked
 * controls reached, and each focused control that did not fit across the screen (a D-pad user
 * cannot scroll sideways to read the rest of it).
 */
async function tabStops(page: Page, limit: number) {
  const reached = new Set<string>();
  const offScreen: string[] = [];
  for (let presses = 0; presses < limit; presses += 1) {
    await page.keyboard.press('Tab');
    const stop = await page.evaluate(() => {
      const el = document.activeElement;
      if (!el || el === document.body) return { isRepeat: false, control: null, outside: null };
      const isRepeat = el.hasAttribute('data-tab-seen');
      el.setAttribute('data-tab-seen', '');
      const box = el.getBoundingClientRect();
      const width = document.documentElement.clientWidth;
      const isOutside = box.left < -0.5 || box.right > width + 0.5;
      const name = (el.textContent ?? '').trim().slice(0, 40) || el.getAttribute('aria-label') || el.tagName;
      return {
        isRepeat,
        control: el.closest('[data-control]')?.getAttribute('data-control') ?? null,
        outside: isOutside ? `"${name}" from ${Math.round(box.left)} to ${Math.round(box.right)} px` : null,
      };
    });
    if (stop.isRepeat) break;
    if (stop.control) reached.add(stop.control);
    // A carousel slides the focused slide into view: what counts is where it comes to rest.
    if (stop.outside && !(await comesIntoView(page))) offScreen.push(stop.outside);
  }
  return { reached, offScreen };
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`at 240×320 with JavaScript ${javaScriptEnabled ? 'on' : 'off'}`, () => {
    test.use({ viewport: FEATURE_PHONE, javaScriptEnabled, serviceWorkers: 'block' });

    for (const { name, path } of PAGES) {
      // Every change: a story page without its script; each page both ways in the whole run.
      const everyChange = !javaScriptEnabled && name === 'story';
      test(`the ${name} page does not scroll sideways, and Tab reaches every link and button`, everyChangeIf(everyChange), async ({ page }) => {
        // Hundreds of stops on the longest pages, each asked of the page: slow on a busy machine.
        test.slow();
        await page.goto(path);
        expect(await sidewaysOverflow(page), 'sideways scroll in px').toBeLessThanOrEqual(0);
        // The page as she meets it after scrolling, every island drawn: one that woke in the
        // middle of the walk would change the controls under it (the tabs keep the category she
        // is on, and hide the others' cards), which keyboard.spec.ts covers on its own.
        if (javaScriptEnabled) await hydrateEveryIsland(page);
        const controls = await markVisibleControls(page);
        const { reached, offScreen } = await tabStops(page, controls.length * 2 + 20);
        const missed = controls.filter(({ id }) => !reached.has(id)).map(({ name }) => name);
        expect(missed).toEqual([]);
        expect(offScreen, 'focused controls reaching past the 240 px screen').toEqual([]);
        // Nothing slides in or folds out as focus moves: still no sideways scroll.
        expect(await sidewaysOverflow(page), 'sideways scroll in px after the Tab walk').toBeLessThanOrEqual(0);
      });
    }

    // The Tab walk above holds for them too (one template); what a language changes is the width of words.
    for (const { locale, pages } of TWINS) {
      test(`no ${locale} page scrolls sideways, and every link and button fits across the screen`, WHOLE_RUN, async ({ page }) => {
        test.slow(); // eight pages in turn, each hydrated with JavaScript on
        const overflowing: string[] = [];
        const tooWide: string[] = [];
        for (const { name, path } of pages) {
          await page.goto(path);
          // With JavaScript, as she would meet it after scrolling: every island drawn by its script.
          if (javaScriptEnabled) await hydrateEveryIsland(page);
          // Words measured in the letters she will see: the edition's own font, where it serves one.
          await page.evaluate(() => document.fonts.ready);
          const overflow = await sidewaysOverflow(page);
          if (overflow > 0) overflowing.push(`${name} (${path}): ${overflow} px`);
          tooWide.push(...(await controlsWiderThanScreen(page)).map((control) => `${path}: ${control}`));
        }
        expect(overflowing).toEqual([]);
        expect(tooWide, 'links and buttons wider than the 240 px screen').toEqual([]);
      });
    }
  });
}

test.describe('a feature phone without JavaScript', () => {
  test.use({ viewport: FEATURE_PHONE, javaScriptEnabled: false, serviceWorkers: 'block' });

  test('sends a story from the plain form by keyboard alone and reads that it arrived', async ({ page }) => {
    await page.goto('/hi/home');
    const name = `कमला ${Date.now()}`;
    await page.getByLabel('नाम', { exact: true }).focus();
    await page.keyboard.type(name);
    await page.keyboard.press('Tab');
    await page.keyboard.type('9876543210');
    // The phone's hint sits between the fields, as text: Tab goes on to the story.
    await page.getByLabel('कहानी', { exact: true }).focus();
    await page.keyboard.type('बस अड्डे पर रोशनी नहीं है।');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Space');
    await page.getByRole('button', { name: 'भेजें' }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/hi\/story-sent\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'hi');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('sends a story from the Gujarati plain form and reads in Gujarati that it arrived', WHOLE_RUN, async ({ page }) => {
    const t = gu.form;
    await page.goto('/gu/home');
    await page.getByLabel(t.name, { exact: true }).fill(`હંસા ${Date.now()}`);
    await page.getByLabel(t.phone, { exact: true }).fill('9876543210');
    await page.getByLabel(t.story, { exact: true }).fill('બસ સ્ટેન્ડ પર અજવાળું નથી.');
    await page.getByLabel(t.consent).check();
    await page.getByRole('button', { name: t.submit }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/gu\/story-sent\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'gu');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.page.sentTitle);
    await page.evaluate(() => document.fonts.ready);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });
});

/**
 * A browser that runs JavaScript but no ES modules (the KaiOS class): the page as it would run
 * there, with every module script taken out and `nomodule` scripts kept, as such a browser does.
 */
async function asOldBrowser(page: Page) {
  await page.route(/\/(home|hi\/home)?\/?$|\/$/, async (route) => {
    if (route.request().resourceType() !== 'document') return route.fallback();
    const response = await route.fetch();
    const html = (await response.text())
      .replace(/<script type="module"[^>]*>[\s\S]*?<\/script>/g, '')
      .replace(/<script nomodule /g, '<script ');
    await route.fulfill({ response, body: html });
  });
}

test.describe('a feature phone whose browser runs no ES modules', () => {
  test.use({ viewport: FEATURE_PHONE, serviceWorkers: 'block' });

  test('gets the no-JavaScript carousels: a strip to scroll, and no controls that do nothing', async ({ page }) => {
    await asOldBrowser(page);
    await page.goto('/home');
    const banner = page.locator('#home .swiper');
    await expect(banner.locator('.swiper-button-next')).toBeHidden();
    await expect(banner.locator('.swiper-wrapper')).toHaveCSS('overflow-x', 'auto');
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
  });

  test('moves on from the splash to /home by itself', async ({ page }) => {
    await asOldBrowser(page);
    await page.clock.install();
    await page.goto('/');
    await page.clock.runFor(3100);
    await expect(page).toHaveURL(/\/home$/);
  });
});

/** The organisation's numbers, as the settings give them and mark them (src/lib/samples.ts). */
const settings = readJson<{ samples: string[]; phones: string[]; whatsapp: string }>('settings/site.json');

test.describe('a feature phone whose browser runs no ES modules, where the form cannot record', () => {
  test.use({ viewport: FEATURE_PHONE, serviceWorkers: 'block' });

  for (const [path, t] of [['/home', en], ['/hi/home', hi]] as const) {
    test(`${path} offers a call or a WhatsApp voice message, and no sample number as a link`, everyChangeIf(path === '/home'), async ({ page }) => {
      await asOldBrowser(page);
      await page.goto(path);
      const form = page.locator('section:has(#share-title)');
      await expect(form.getByText(t.storyByPhone.callInstead)).toBeVisible();
      await expect(form.getByText(t.storyByPhone.whatsApp)).toBeVisible();
      const whatsApp = form.locator('a[href^="https://wa.me/"]');
      if (settings.samples.includes('whatsapp')) {
        // A sample is never a working link: its notice stands in its place, with the helplines.
        await expect(whatsApp).toHaveCount(0);
        await expect(form.locator('.sample-notice')).toContainText(t.sample.whatsapp);
        await expect(form.getByRole('link', { name: t.sample.needHelp })).toBeVisible();
      } else {
        await expect(whatsApp).toHaveAttribute('href', `https://wa.me/${settings.whatsapp.replace(/\D/g, '')}`);
      }
      if (settings.samples.includes('phones')) {
        await expect(form.locator('a[href^="tel:"]')).toHaveCount(0);
        await expect(form.locator('.sample-notice')).toContainText(t.sample.phones);
      } else {
        await expect(form.locator('a[href^="tel:"]')).toHaveCount(settings.phones.length);
      }
      // No script runs here: no Record button that could do nothing.
      await expect(form.getByRole('button', { name: t.form.record })).toHaveCount(0);
    });
  }
});
