// /home with the keyboard alone: skip link, header links or menu, carousels, gallery tabs, the
// story form and the footer, at a phone's and a desktop's width (docs/design.md, "Interface contract").
import { expect, test, type Locator, type Page } from '@playwright/test';
import { bannerHeadings, settings, storyCategoryIds, storyNames } from './content';
import { holdBack } from './hold-back';
import { hydrateEveryIsland, islandHydrated } from './hydrate';
import { WHOLE_RUN, everyChangeIf } from './runs';

const SKIP_LINK = 'Skip to main content';
const NAV_LINKS = ['Home', 'About Us', 'Our Focus', 'Teams', 'Salaam Stree', 'Contact']; // docs/design.md
const CONSENT = "I'd like to publish my story on the STREE platform.";
const MAX_TABS = 200;
const WIDTHS = [360, 1280] as const;

const headings = bannerHeadings();
const categories = storyCategoryIds();
const gallery = (page: Page) => page.locator('#salaamstree');
const storyForm = (page: Page) => page.locator('form').filter({ has: page.getByRole('button', { name: 'Submit' }) });

/**
 * Whether the focused element is `target` or inside it. Playwright finds the elements, then runs the
 * check on them in a later task: an island that wakes in between (the menu's link becomes its button
 * as focus reaches it) leaves the check an element no longer in the page, which holds no focus. The
 * answer then is not yet known, and it looks again.
 */
async function hasFocusWithin(target: Locator) {
  for (;;) {
    const answer = await target.evaluateAll((elements) =>
      (elements.every((element) => element.isConnected) ? elements.some((element) => element.contains(document.activeElement)) : undefined));
    if (answer !== undefined) return answer;
  }
}

/** Presses Tab until focus is on or inside `target`, as a visitor would; fails if it never gets there. */
async function tabTo(page: Page, target: Locator, what: string) {
  for (let presses = 0; presses < MAX_TABS; presses += 1) {
    await page.keyboard.press('Tab');
    if (await hasFocusWithin(target)) return;
  }
  throw new Error(`${MAX_TABS} presses of Tab never reached ${what}`);
}

/**
 * Opens /home and, by keyboard alone, its menu drawer; returns the menu button and the drawer.
 * `beforeTabbing` runs once the page is open, before the first Tab.
 */
async function openDrawerByKeyboard(page: Page, beforeTabbing?: () => Promise<void>) {
  await page.goto('/home');
  // Without its script the control is a link to the footer's links. Once the script is here the
  // link says it acts as a button; focus wakes it, and the button that takes its place keeps focus.
  const button = page.getByRole('button', { name: /menu/i });
  await expect(button).toBeVisible();
  await beforeTabbing?.();
  await tabTo(page, button, 'the menu button');
  await page.keyboard.press('Enter');
  return { button, dialog: page.getByRole('dialog') };
}

/** What has focus, for failure messages: tag, name and the section it is in. */
const focusedDescription = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement as HTMLElement | null;
    if (!element || element === document.body) return 'nothing (the page body)';
    const name = element.getAttribute('aria-label') || (element as HTMLInputElement).labels?.[0]?.textContent
      || element.textContent?.trim() || element.querySelector('img')?.alt || '';
    const section = element.closest('section[id], header, footer');
    const where = section?.id ? `#${section.id}` : (section?.tagName.toLowerCase() ?? 'the page');
    return `<${element.tagName.toLowerCase()}> "${name.trim().replace(/\s+/g, ' ').slice(0, 60)}" in ${where}`;
  });

/**
 * Puts focus on the page's last link, at the bottom, then presses Tab out of the page and into it
 * again at its top: the page glides back up, a smooth scroll of its whole height, and goes on
 * gliding while she tabs on through the header.
 */
async function tabRoundToTop(page: Page) {
  await page.evaluate(() => {
    const links = document.querySelectorAll<HTMLElement>('footer a[href]');
    links[links.length - 1]!.focus({ preventScroll: true });
    window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' });
  });
  await page.keyboard.press('Tab');
}

for (const width of WIDTHS) {
  test.describe(`keyboard on /home at ${width} px`, everyChangeIf(width === 360), () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    test('the first Tab reaches the skip link, which moves focus to the main content', async ({ page }) => {
      await page.goto('/home');
      await page.keyboard.press('Tab');
      const skip = page.getByRole('link', { name: SKIP_LINK });
      await expect(skip).toBeFocused();
      await expect(skip).toBeInViewport();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('main')).toBeFocused();
      await page.keyboard.press('Tab');
      expect(await hasFocusWithin(page.getByRole('main')), await focusedDescription(page)).toBe(true);
    });

    test('the banner carousel shows the next slide on ArrowRight while focus is inside it', WHOLE_RUN, async ({ page }) => {
      await page.clock.install();
      await page.goto('/home');
      const banner = page.locator('#home .swiper');
      await expect(banner).toHaveClass(/swiper-initialized/);
      // Autoplay is held still from here, so only the key can move the slide.
      await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
      await page.waitForFunction(() => {
        const element = document.querySelector('#home .swiper') as (Element & { swiper?: { animating: boolean } }) | null;
        return element?.swiper?.animating === false;
      });
      await tabTo(page, banner, 'the banner carousel');
      const before = headings.indexOf((await banner.locator('.swiper-slide-active h2').textContent()) ?? '');
      expect(before).toBeGreaterThanOrEqual(0);
      await page.keyboard.press('ArrowRight');
      await expect(banner.locator('.swiper-slide-active h2')).toHaveText(headings[(before + 1) % headings.length]!);
    });

    test('every element the Tab key reaches shows a visible focus indicator', WHOLE_RUN, async ({ page }) => {
      // Over a hundred Tab stops, each measured in the page: on a loaded machine the walk alone
      // outlasts the default 30 s, with nothing wrong.
      test.slow();
      await page.goto('/home');
      await hydrateEveryIsland(page);
      const failures: string[] = [];
      let reached = 0;
      for (let presses = 0; presses < MAX_TABS; presses += 1) {
        await page.keyboard.press('Tab');
        // Focus on a slide out of view brings it in on the next frame; measure the ring then.
        await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
        await page.waitForFunction(() => [...document.querySelectorAll('.swiper')]
          .every((el) => !(el as Element & { swiper?: { animating: boolean } }).swiper?.animating));
        const state = await page.evaluate(() => {
          const element = document.activeElement as HTMLElement | null;
          if (!element || element === document.body) return undefined;
          const style = getComputedStyle(element);
          const isTransparent = (colour: string) => colour === 'transparent' || /rgba\(.*,\s*0\)$/.test(colour);
          const hasOutline = style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0
            && !isTransparent(style.outlineColor);
          const shadow = style.boxShadow;
          const described = `outline: ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor}; box-shadow: ${shadow}`;
          let hasShadowRing = false;
          if (!hasOutline && shadow !== 'none') {
            // A card's resting shadow is no focus indicator: the shadow has to change with focus.
            element.blur();
            hasShadowRing = getComputedStyle(element).boxShadow !== shadow;
            element.focus();
          }
          // An outline drawn outside the element is cut off by a box that clips its overflow
          // (a scrolling tab strip, a carousel): the visitor sees no ring then.
          const reach = hasOutline ? parseFloat(style.outlineOffset) + parseFloat(style.outlineWidth) : 0;
          const ring = element.getBoundingClientRect();
          let clippedBy = '';
          for (let box = element.parentElement; box && box !== document.body && !clippedBy; box = box.parentElement) {
            const { overflowX, overflowY } = getComputedStyle(box);
            if (overflowX === 'visible' && overflowY === 'visible') continue;
            const edge = box.getBoundingClientRect();
            const inside = ring.left - reach >= edge.left + box.clientLeft - 0.5
              && ring.right + reach <= edge.left + box.clientLeft + box.clientWidth + 0.5
              && ring.top - reach >= edge.top + box.clientTop - 0.5
              && ring.bottom + reach <= edge.top + box.clientTop + box.clientHeight + 0.5;
            if (!inside) clippedBy = `<${box.tagName.toLowerCase()} class="${box.className}">`;
          }
          return {
            isSkipLink: element.matches('.skip-link'),
            hasIndicator: (hasOutline || hasShadowRing) && !clippedBy,
            style: clippedBy ? `${described}; cut off by ${clippedBy}` : described,
          };
        });
        if (!state) continue; // between the last link and the browser's own controls
        if (state.isSkipLink && presses > 0) break; // round the page once
        reached += 1;
        if (!state.hasIndicator) failures.push(`${await focusedDescription(page)}: ${state.style}`);
      }
      expect(reached).toBeGreaterThan(NAV_LINKS.length * 2);
      expect(failures).toEqual([]);
    });
  });
}

// Tab order is the page's order at every width; the width-bound parts (header links or menu, focus
// rings, carousels) are tested at both above. These run once, at a phone's width.
test.describe('keyboard on /home and a story page at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Tab reaches the selected gallery tab, ArrowRight selects the next and Tab moves on to its panel', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home');
    await hydrateEveryIsland(page);
    const tabs = gallery(page).getByRole('tab');
    await tabTo(page, gallery(page).getByRole('tablist'), 'the gallery tabs');
    await expect(tabs.first()).toBeFocused();
    await expect(tabs.first()).toHaveAttribute('aria-selected', 'true');
    await page.keyboard.press('ArrowRight');
    await expect(tabs.nth(1)).toBeFocused();
    await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
    const panel = gallery(page).getByRole('tabpanel');
    await expect(panel.getByRole('link', { name: storyNames(categories[1]!.id)[0] })).toBeVisible();
    await page.keyboard.press('Tab');
    await expect(panel).toBeFocused();
  });

  test.describe('before the gallery hydrates', () => {
    // The script is held back with page.route, which cannot see what a service worker answers:
    // with one installed, the precached script arrives at once and the test tests nothing.
    test.use({ serviceWorkers: 'block' });

    test('a category focused before the gallery hydrates keeps focus once it becomes a tab', WHOLE_RUN, async ({ page }) => {
      // Hold the gallery's script back until the visitor is on a category, as on a slow connection.
      const { release } = await holdBack(page, '**/_astro/GalleryTabs.*.js');
      await page.goto('/home');
      // Not the first: that one is selected anyway. The tabs must stay on the one she is on.
      const second = categories[1]!.title;
      await tabTo(page, gallery(page).getByRole('link', { name: second, exact: true }), `the ${second} category`);
      release();
      // Hydration is the event: on a loaded machine it can take longer than an assertion's wait.
      await islandHydrated(gallery(page).locator('.cards').first());
      await expect(gallery(page).getByRole('tablist')).toBeVisible();
      const tab = gallery(page).getByRole('tab', { name: second });
      await expect(tab, `focus is on ${await focusedDescription(page)}`).toBeFocused();
      await expect(tab).toHaveAttribute('aria-selected', 'true');
      await expect(gallery(page).getByRole('tabpanel').getByRole('link', { name: storyNames(categories[1]!.id)[0] })).toBeVisible();
    });
  });

  test('Tab goes through the story form in order: Name, Phone, Story, consent, Submit', async ({ page }) => {
    await page.goto('/home');
    const form = storyForm(page);
    const name = form.getByLabel('Name', { exact: true });
    await tabTo(page, name, 'the Name field');
    // The form hydrates now it is in view; hydration must leave focus where it was.
    await islandHydrated(form);
    await expect(name).toBeFocused();
    for (const label of ['Phone', 'Story', CONSENT]) {
      await page.keyboard.press('Tab');
      await expect(form.getByLabel(label, { exact: true })).toBeFocused();
    }
    await page.keyboard.press('Tab');
    await expect(form.getByRole('button', { name: 'Submit' })).toBeFocused();
  });

  test('Tab goes through every footer link in order: e-mail, phones, social links and sections', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home');
    const footer = page.locator('footer#contact');
    // How Tab gets there is the focus walk's test; this one is about the order inside.
    await footer.getByRole('link').first().focus();
    const reached: string[] = [];
    while ((await hasFocusWithin(footer)) && reached.length < MAX_TABS) {
      reached.push(await page.evaluate(() => document.activeElement?.getAttribute('href') ?? ''));
      await page.keyboard.press('Tab');
    }
    const links = await footer.getByRole('link').evaluateAll((all) => all.map((a) => a.getAttribute('href') ?? ''));
    expect(reached).toEqual(links);
    // Each contact once it is real; while a sample, it is no link (docs/design.md, "Nothing sample passes as real").
    const isReal = (field: string) => !settings.samples.includes(field);
    expect(reached).toEqual(expect.arrayContaining([
      ...(isReal('email') ? [`mailto:${settings.email}`] : []),
      ...(isReal('phones') ? settings.phones.map((phone) => `tel:${phone.replaceAll(' ', '')}`) : []),
      ...(isReal('social') ? Object.values(settings.social) : []),
    ]));
    const sections = footer.getByRole('navigation', { name: 'On this site' });
    for (const label of NAV_LINKS) {
      const href = await sections.getByRole('link', { name: label, exact: true }).getAttribute('href');
      expect(reached).toContain(href);
    }
  });

  test('Enter on a gallery card opens its story, where the skip link leads to the story, then its form', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home');
    await hydrateEveryIsland(page);
    const first = storyNames(categories[0]!.id)[0]!;
    await tabTo(page, gallery(page).getByRole('tabpanel').getByRole('link', { name: first }), `the card of ${first}`);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(first);
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: SKIP_LINK })).toBeFocused();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('main').getByRole('link', { name: categories[0]!.title, exact: true })).toBeFocused();
    await tabTo(page, storyForm(page).getByLabel('Name', { exact: true }), 'the Name field');
    await expect(storyForm(page).getByLabel('Name', { exact: true })).toBeFocused();
  });
});

test.describe('keyboard on /home at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('Tab reaches the header links in order after the skip link and logo', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await tabTo(page, nav, 'the header navigation');
    for (const [i, name] of NAV_LINKS.entries()) {
      if (i > 0) await page.keyboard.press('Tab');
      await expect(nav.getByRole('link', { name, exact: true })).toBeFocused();
    }
  });

  test('a header section link leads to its section while the page still glides back up', WHOLE_RUN, async ({ page }) => {
    await page.goto('/home');
    await tabRoundToTop(page);
    const teams = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Teams', exact: true });
    await tabTo(page, teams, 'the Teams link');
    await page.keyboard.press('Enter');
    await expect(page.locator('#teams')).toBeInViewport();
  });
});

test.describe('keyboard on /home at 360 px', () => {
  test.use({ viewport: { width: 360, height: 740 } });

  test('Tab reaches the menu button, Enter opens the drawer with focus inside, Escape closes it and returns focus', async ({ page }) => {
    const { button, dialog } = await openDrawerByKeyboard(page);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(':focus')).toHaveCount(1);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('Tab inside the open drawer reaches the six section links in order', WHOLE_RUN, async ({ page }) => {
    const { dialog } = await openDrawerByKeyboard(page);
    await tabTo(page, dialog.getByRole('link', { name: NAV_LINKS[0], exact: true }), 'the first drawer link');
    for (const name of NAV_LINKS.slice(1)) {
      await page.keyboard.press('Tab');
      await expect(dialog.getByRole('link', { name, exact: true })).toBeFocused();
    }
  });

  test('Enter on a drawer section link closes the drawer and puts focus on that section', WHOLE_RUN, async ({ page }) => {
    const { dialog } = await openDrawerByKeyboard(page);
    await tabTo(page, dialog.getByRole('link', { name: 'Teams', exact: true }), 'the Teams link');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.locator('#teams')).toBeInViewport();
    // A screen reader reads out where she is, not the menu button she came from.
    await expect(page.locator('#teams')).toBeFocused();
    await page.keyboard.press('Tab');
    // Inside #teams, or past it when its carousel has not hydrated yet and holds no control.
    const goesOnFromTeams = await page.evaluate(() => {
      const teams = document.getElementById('teams')!;
      const focused = document.activeElement;
      return !!focused && focused !== document.body
        && (teams.contains(focused) || (teams.compareDocumentPosition(focused) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0);
    });
    expect(goesOnFromTeams, await focusedDescription(page)).toBe(true);
  });

  // Chromium drops a fragment's scroll while an earlier smooth scroll is under way: without the
  // page's own scroll to the section (src/browser/section-links.ts) she stayed at the top.
  test('a drawer section link leads to its section while the page still glides back up', WHOLE_RUN, async ({ page }) => {
    const { dialog } = await openDrawerByKeyboard(page, () => tabRoundToTop(page));
    await tabTo(page, dialog.getByRole('link', { name: 'Teams', exact: true }), 'the Teams link');
    await page.keyboard.press('Enter');
    await expect(dialog).toBeHidden();
    await expect(page.locator('#teams')).toBeInViewport();
  });
});
