import { expect, test, type Page } from '@playwright/test';
import { bannerHeadings, focusTitles } from './content';
import { holdBack } from './hold-back';
import { WHOLE_RUN, everyChangeIf } from './runs';

const AUTOPLAY_MS = 3000; // specification §9
const headings = bannerHeadings();
const banner = (page: Page) => page.locator('#home .swiper');
const activeHeading = (page: Page) => banner(page).locator('.swiper-slide-active h2');

/** Loop mode ignores a new slide change while one is still sliding, as a visitor's quick taps are. */
async function settled(page: Page) {
  await page.waitForFunction(() => {
    const element = document.querySelector('#home .swiper') as (Element & { swiper?: { animating: boolean } }) | null;
    return element?.swiper?.animating === false;
  });
}

type SwiperElement = Element & { swiper?: { realIndex: number; slideToLoop: (index: number, speed: number) => void; on: (event: string, handler: (swiper: { realIndex: number }) => void) => void } };

/** Brings the banner back to slide 1 at once, whatever the autoplay did while the page loaded. */
async function backToFirstSlide(page: Page) {
  await settled(page);
  await page.evaluate(() => (document.querySelector('#home .swiper') as SwiperElement | null)?.swiper?.slideToLoop(0, 0));
  await settled(page);
  await expect(activeHeading(page)).toHaveText(headings[0]!);
}

/** Starts a record of the banner's slide changes in the page; returns a way to read it. */
async function recordSlideChanges(page: Page) {
  await page.evaluate(() => {
    const swiper = (document.querySelector('#home .swiper') as SwiperElement).swiper!;
    const changes: { index: number; at: number }[] = [];
    (window as unknown as { changes: typeof changes }).changes = changes;
    swiper.on('slideChange', ({ realIndex }) => changes.push({ index: realIndex, at: Date.now() }));
  });
  return () => page.evaluate(() => (window as unknown as { changes: { index: number; at: number }[] }).changes);
}

/** Pushes the held clock on a second at a time until the banner has moved by itself again. */
async function expectAutoplayAgain(page: Page, changes: () => Promise<unknown[]>) {
  await expect
    .poll(async () => {
      await page.clock.runFor(1000);
      return (await changes()).length;
    }, { message: 'the autoplay starts again' })
    .toBeGreaterThan(0);
}

for (const width of [360, 1280]) {
  test.describe(`banner carousel at ${width} px`, everyChangeIf(width === 360), () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    // Swiper waits on real transitions as well as timers, so the clock runs on and is only pushed
    // forward; what the test reads is the record of changes, not the slide showing at some moment.
    test('it advances by itself every 3 seconds and wraps around', async ({ page }) => {
      await page.clock.install();
      await page.goto('/home');
      await expect(banner(page)).toHaveClass(/swiper-initialized/);
      await page.mouse.move(width - 1, 730);
      const start = await page.evaluate(() => ({ index: (document.querySelector('#home .swiper') as SwiperElement).swiper!.realIndex }));
      const changes = await recordSlideChanges(page);
      // Waits on the lap itself, however slowly a busy machine draws it (the test's own timeout
      // still bounds it): each look pushes the clock a second on.
      await expect
        .poll(async () => {
          await page.clock.runFor(1000);
          return (await changes()).length;
        }, { timeout: 0, intervals: [100] })
        .toBeGreaterThanOrEqual(headings.length);
      // Every slide in turn, ending back where it started.
      const lap = (await changes()).slice(0, headings.length);
      expect(lap.map(({ index }) => index)).toEqual(headings.map((_, step) => (start.index + step + 1) % headings.length));
      lap.slice(1).forEach((change, step) => expect(change.at - lap[step]!.at).toBeGreaterThanOrEqual(AUTOPLAY_MS));
    });

    test('hovering it pauses the autoplay', WHOLE_RUN, async ({ page }) => {
      await page.clock.install();
      await page.goto('/home');
      await expect(banner(page)).toHaveClass(/swiper-initialized/);
      await banner(page).hover();
      await settled(page);
      const changes = await recordSlideChanges(page);
      await page.clock.runFor(AUTOPLAY_MS * 2);
      expect(await changes()).toEqual([]);
    });
  });

  test.describe(`banner controls at ${width} px`, everyChangeIf(width === 360), () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 800 } });

    // The pointer rests on the carousel, which holds the autoplay still. No clock: Swiper's slides
    // wait on timers that a held clock would never let fire.
    test.beforeEach(async ({ page }) => {
      await page.goto('/home');
      await expect(banner(page)).toHaveClass(/swiper-initialized/);
      await banner(page).hover();
      await backToFirstSlide(page);
    });

    test('the next and previous buttons and the bullets change slides', async ({ page }) => {
      await banner(page).getByRole('button', { name: 'Next slide' }).click();
      await expect(activeHeading(page)).toHaveText(headings[1]!);
      await settled(page);
      await banner(page).getByRole('button', { name: 'Previous slide' }).click();
      await expect(activeHeading(page)).toHaveText(headings[0]!);
      await settled(page);
      await banner(page).getByRole('button', { name: 'Go to slide 3' }).click();
      await expect(activeHeading(page)).toHaveText(headings[2]!);
    });

    test('arrow keys change slides', WHOLE_RUN, async ({ page }) => {
      await page.keyboard.press('ArrowRight');
      await expect(activeHeading(page)).toHaveText(headings[1]!);
      await settled(page);
      await page.keyboard.press('ArrowLeft');
      await expect(activeHeading(page)).toHaveText(headings[0]!);
    });

    test('a swipe beyond 40 px changes the slide, a shorter one does not', WHOLE_RUN, async ({ page }) => {
      const box = (await banner(page).boundingBox())!;
      const y = box.y + box.height / 2;
      const swipe = async (distance: number) => {
        await page.mouse.move(box.x + box.width / 2, y);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width / 2 - distance, y, { steps: 8 });
        await page.mouse.up();
      };
      await swipe(30);
      await settled(page);
      await expect(activeHeading(page)).toHaveText(headings[0]!);
      await swipe(120);
      await expect(activeHeading(page)).toHaveText(headings[1]!);
    });
  });
}

// React never delays the first paint (docs/design.md, Budgets): the banner's island asks for it
// only once the page has painted and loaded, when the phone is idle.
test('the banner wakes React only after the first paint and the load', async ({ page }) => {
  await page.goto('/home');
  await expect(banner(page)).toHaveClass(/swiper-initialized/, { timeout: 0 });
  const times = await page.evaluate(() => {
    const renderer = document.querySelector('astro-island[client="decor"]')!.getAttribute('renderer-url')!;
    const react = performance.getEntriesByType('resource').find(({ name }) => name.endsWith(renderer));
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const [paint] = performance.getEntriesByName('first-contentful-paint');
    return { react: react?.startTime, load: navigation!.loadEventEnd, paint: paint?.startTime };
  });
  expect(times.react, 'React was fetched').toBeDefined();
  expect(times.react!).toBeGreaterThan(times.paint!);
  expect(times.react!).toBeGreaterThanOrEqual(times.load);
});

// A busy cheap phone (docs/decisions.md, "A busy cheap phone"): the autoplay sets a timer for
// each slide, where Swiper's own reckoned the time left on every frame while a carousel played.
test('the playing banner asks for no frame of its own between slides', WHOLE_RUN, async ({ page }) => {
  await page.clock.install();
  await page.addInitScript(() => {
    const ask = window.requestAnimationFrame.bind(window);
    const counted = window as unknown as { frameAsks: number };
    counted.frameAsks = 0;
    window.requestAnimationFrame = (callback) => {
      counted.frameAsks += 1;
      return ask(callback);
    };
  });
  await page.goto('/home');
  await expect(banner(page)).toHaveClass(/swiper-initialized/);
  await page.mouse.move(1, 700); // off the banner: hovering would hold it
  const changes = await recordSlideChanges(page);
  const asked = () => page.evaluate(() => (window as unknown as { frameAsks: number }).frameAsks);
  const before = await asked();
  await page.clock.runFor(AUTOPLAY_MS * 2);
  expect((await changes()).length, 'the banner went on playing').toBeGreaterThan(0);
  // Six seconds of a frame loop would ask 360 times; a slide change asks for a frame or two.
  expect(await asked() - before).toBeLessThan(10);
});

test('with reduced motion the banner does not move by itself', WHOLE_RUN, async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.clock.install();
  await page.goto('/home');
  await expect(banner(page)).toHaveClass(/swiper-initialized/);
  await page.mouse.move(0, 700);
  await page.clock.runFor(AUTOPLAY_MS * 3);
  await expect(activeHeading(page)).toHaveText(headings[0]!);
});

test.describe('before Swiper arrives, or if it never does', () => {
  // page.route cannot hold back a script a service worker has precached.
  test.use({ serviceWorkers: 'block', viewport: { width: 360, height: 740 } });
  const SWIPER = /\/_astro\/Carousel\.[\w-]+\.js(\?.*)?$/;

  /** A sideways wheel over the banner, as a swipe moves a native strip. */
  async function swipeBannerOn(page: Page) {
    const box = (await banner(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(box.width, 0);
  }

  test('its first slide shows first, at full width, and the others are a swipe away', async ({ page }) => {
    // As on 2G, where a script can be lost: the carousel's Swiper never arrives.
    await page.route(SWIPER, (route) => route.abort());
    const failed = page.waitForEvent('requestfailed', (request) => SWIPER.test(request.url()));
    await page.goto('/home');
    await failed;
    const slides = page.locator('#home .swiper-slide');
    await expect(slides.first().locator('h2')).toHaveText(headings[0]!);
    await expect(slides.first()).toBeInViewport();
    expect(Math.round((await slides.first().boundingBox())!.width)).toBe(360);
    await swipeBannerOn(page);
    await expect(slides.nth(1).locator('h2')).toHaveText(headings[1]!);
    await expect(slides.nth(1)).toBeInViewport({ ratio: 0.9 });
    await expect(banner(page)).not.toHaveClass(/swiper-initialized/);
    // By keyboard too: Tab reaches the strip, which shows a ring, and the arrow keys move it.
    await tabToStrip(page);
    const ring = await banner(page).evaluate((el) => getComputedStyle(el, '::after').boxShadow);
    expect(ring, 'the focus ring over the strip').toContain('inset');
    await page.keyboard.press('ArrowRight');
    await expect(slides.nth(2)).toBeInViewport({ ratio: 0.9 });
  });

  /** Presses Tab until the banner's strip has focus. */
  async function tabToStrip(page: Page) {
    const strip = banner(page).locator('.swiper-wrapper');
    for (let presses = 0; presses < 12 && !(await strip.evaluate((el) => el === document.activeElement)); presses += 1) {
      await page.keyboard.press('Tab');
    }
    await expect(strip).toBeFocused();
  }

  test('when Swiper arrives it starts on the slide she swiped to', WHOLE_RUN, async ({ page }) => {
    const { release } = await holdBack(page, SWIPER);
    await page.emulateMedia({ reducedMotion: 'reduce' }); // no autoplay to move on from there
    await page.goto('/home');
    await swipeBannerOn(page);
    await expect(page.locator('#home .swiper-slide').nth(1)).toBeInViewport({ ratio: 0.9 });
    release();
    await expect(banner(page)).toHaveClass(/swiper-initialized/, { timeout: 0 });
    await expect(activeHeading(page)).toHaveText(headings[1]!);
    await expect(activeHeading(page)).toBeInViewport({ ratio: 0.9 });
  });

  test('her keyboard focus on the strip goes to the Next slide button when Swiper takes over', WHOLE_RUN, async ({ page }) => {
    const { release } = await holdBack(page, SWIPER);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.goto('/home');
    await tabToStrip(page);
    await page.keyboard.press('ArrowRight');
    await expect(page.locator('#home .swiper-slide').nth(1)).toBeInViewport({ ratio: 0.9 });
    release();
    await expect(banner(page)).toHaveClass(/swiper-initialized/, { timeout: 0 });
    await expect(activeHeading(page)).toHaveText(headings[1]!);
    await expect(banner(page).getByRole('button', { name: 'Next slide' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(activeHeading(page)).toHaveText(headings[2]!);
  });

  // Swiper starts, and the strip gives up its Tab stop a task later: a Tab in between lands on it.
  test('her focus reaching the strip just as Swiper starts goes to the Next slide button, not the page', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.addInitScript(() => {
      // In the page, at the moment Swiper has started on the banner and the strip is still a Tab stop.
      new MutationObserver((_, observer) => {
        const carousel = document.querySelector('#home .swiper.swiper-initialized');
        const strip = carousel?.querySelector<HTMLElement>('.swiper-wrapper[tabindex]');
        if (!carousel) return;
        observer.disconnect();
        strip?.focus();
        document.documentElement.dataset.stripFocusedAt = strip ? 'start' : 'too late';
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['class'] });
    });
    await page.goto('/home');
    await expect(page.locator('html')).toHaveAttribute('data-strip-focused-at', 'start', { timeout: 0 });
    await expect(banner(page).getByRole('button', { name: 'Next slide' })).toBeFocused();
  });
});

test('without JavaScript every focus issue can be scrolled into view, and no dead controls show', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  await page.goto('/home');
  await expect(page.locator('#home .swiper-slide').first().locator('h2')).toHaveText(headings[0]!);
  const focus = page.locator('#focus .swiper');
  await focus.scrollIntoViewIfNeeded();
  // Swiper names its controls only when it starts; unnamed, they are still drawn unless hidden.
  await expect(focus.locator('.swiper-button-next')).toBeHidden();
  await expect(focus.locator('.swiper-pagination')).toBeHidden();
  const titles = focusTitles();
  const slide = (title: string) => focus.locator('.swiper-slide').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(slide(titles[0]!)).toBeInViewport({ ratio: 0.8 });
  await expect(slide(titles.at(-1)!)).not.toBeInViewport();
  // A sideways swipe or scroll wheel, as a visitor would: a hidden overflow would not move.
  const box = (await focus.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + 100);
  for (let i = 0; i < titles.length; i += 1) await page.mouse.wheel(box.width, 0);
  await expect(slide(titles.at(-1)!)).toBeInViewport({ ratio: 0.8 });
  await context.close();
});

test('the focus and testimonial carousels offer previous and next buttons', WHOLE_RUN, async ({ page }) => {
  await page.goto('/home');
  for (const id of ['focus', 'teams']) {
    const carousel = page.locator(`#${id} .swiper`);
    await carousel.scrollIntoViewIfNeeded();
    await expect(carousel.getByRole('button', { name: 'Next slide' })).toBeVisible();
    await expect(carousel.getByRole('button', { name: 'Previous slide' })).toBeVisible();
  }
});

/** Resolves once the browser has seen the banner leave the screen (`shown` false) or come back. */
async function bannerSeen(page: Page, shown: boolean) {
  // The carousel's own observer was made first, so it has heard the same news by then.
  await page.evaluate((shown) => new Promise<void>((done) => {
    const observer = new IntersectionObserver(([entry]) => {
      if (entry!.isIntersecting !== shown) return;
      observer.disconnect();
      done();
    });
    observer.observe(document.querySelector('#home .swiper')!);
  }), shown);
}

test('the banner does not move on while it is scrolled off the screen, and does again once back', WHOLE_RUN, async ({ page }) => {
  await page.clock.install();
  await page.goto('/home');
  await expect(banner(page)).toHaveClass(/swiper-initialized/);
  await page.mouse.move(1, 700); // off the banner: hovering would pause it too
  await settled(page);
  const changes = await recordSlideChanges(page);
  await page.locator('footer').scrollIntoViewIfNeeded();
  await bannerSeen(page, false);
  await page.clock.runFor(AUTOPLAY_MS * 3);
  expect(await changes(), 'slides changed while the banner was off the screen').toEqual([]);
  await page.evaluate(() => window.scrollTo(0, 0));
  await bannerSeen(page, true);
  await expectAutoplayAgain(page, changes);
});

test.describe('banner carousel and the keyboard', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('autoplay stops while focus is inside the carousel and starts again when it leaves', WHOLE_RUN, async ({ page }) => {
    await page.clock.install();
    await page.goto('/home');
    await expect(banner(page)).toHaveClass(/swiper-initialized/);
    await page.mouse.move(1, 790); // off the banner: hovering would pause it too
    const next = banner(page).getByRole('button', { name: 'Next slide' });
    await next.focus();
    await settled(page);
    const changes = await recordSlideChanges(page);
    await page.clock.runFor(AUTOPLAY_MS * 3);
    expect(await changes(), 'slides changed while focus was inside').toEqual([]);
    await page.getByRole('link', { name: 'Skip to main content' }).focus();
    await expectAutoplayAgain(page, changes);
  });
});
