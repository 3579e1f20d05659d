// Listen (docs/help.md, "Listen"). Headless Chromium has no voices,
// so each test installs a fake speechSynthesis before the page's scripts run: it lists the voices
// a test gives it, records every utterance, and ends one only when the test says so.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { en } from '../../src/i18n/en';
import { hi } from '../../src/i18n/hi';
import { SPEAKER } from '../../src/lib/control-icons';
import { PAUSE as PAUSE_PICTURE, PLAY, STOP as STOP_PICTURE } from '../../src/lib/media-icons';
import { localeOfLanguage, type Locale } from '../../src/lib/addresses';
import { sentences, spoken as sayable } from '../../src/lib/sentences';
import { gu } from '../../src/i18n/gu';
import { EXIT_ADDRESS, STORY, standInForNeutralSite } from './help-fixtures';
import { islandHydrated } from './hydrate';
import { PAGE_TYPES } from './page-types';
import { WHOLE_RUN, everyChangeIf } from './runs';

interface Voice {
  name: string;
  lang: string;
  localService?: boolean;
}
interface Spoken {
  text: string;
  lang: string;
  voice: string | undefined;
}

/** Installs the fake with `voices` (none: no speechSynthesis at all) before any script of the page. */
async function fakeSpeech(page: Page, voices: Voice[] | undefined) {
  await page.addInitScript((given) => {
    if (!given) {
      delete (Window.prototype as unknown as Record<string, unknown>).speechSynthesis;
      delete (window as unknown as Record<string, unknown>).speechSynthesis;
      return;
    }
    type Utterance = EventTarget & { text: string; lang: string; voice: { name: string } | null; onend?: (e: Event) => void; onerror?: (e: Event) => void };
    const record = { spoken: [] as unknown[], cancels: 0, voices: given };
    let queue: Utterance[] = [];
    let current: Utterance | null = null;
    const fire = (u: Utterance, type: 'start' | 'end' | 'error', error?: string) => {
      const event = Object.assign(new Event(type), error ? { error } : {});
      u.dispatchEvent(event);
      (type === 'end' ? u.onend : type === 'error' ? u.onerror : undefined)?.(event);
    };
    const startNext = () => {
      current = queue.shift() ?? null;
      if (!current) return;
      record.spoken.push({ text: current.text, lang: current.lang, voice: current.voice?.name });
      fire(current, 'start');
    };
    const synth = Object.assign(new EventTarget(), {
      get speaking() { return current !== null; },
      get pending() { return queue.length > 0; },
      paused: false,
      getVoices: () => record.voices,
      speak(u: Utterance) { queue.push(u); if (!current) startNext(); },
      cancel() {
        record.cancels += 1;
        const stopped = current;
        const dropped = queue;
        current = null;
        queue = [];
        if (stopped) fire(stopped, 'error', 'interrupted');
        for (const u of dropped) fire(u, 'error', 'canceled');
        (window as unknown as { speechCancelled?: () => void }).speechCancelled?.();
      },
      pause() {},
      resume() {},
    });
    class FakeUtterance extends EventTarget {
      lang = '';
      voice = null;
      constructor(public text: string) { super(); }
    }
    Object.defineProperty(window, 'speechSynthesis', { value: synth, configurable: true });
    Object.defineProperty(window, 'SpeechSynthesisUtterance', { value: FakeUtterance, configurable: true });
    Object.assign(window, {
      fakeSpeech: {
        record,
        /** The voice finishes the utterance it is speaking. */
        finish() {
          const done = current;
          current = null;
          if (done) fire(done, 'end');
          if (!current) startNext();
        },
        /** The phone's voice list arrives or changes. */
        setVoices(list: Voice[]) {
          record.voices = list;
          synth.dispatchEvent(new Event('voiceschanged'));
        },
      },
    });
  }, voices);
}

type FakeSpeech = { record: { spoken: Spoken[]; cancels: number }; finish(): void; setVoices(list: Voice[]): void };
const spoken = (page: Page) => page.evaluate(() => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.record.spoken);
const cancels = (page: Page) => page.evaluate(() => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.record.cancels);
const finish = (page: Page) => page.evaluate(() => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.finish());
/** The words as a reader sees them: typographic apostrophes, and phone numbers not read digit by digit. */
const asShown = (text: string) => text.replace(/[‘’]/g, "'").replace(/(\d) (?=\d)/g, '$1');
const said = async (page: Page) => (await spoken(page)).map((s) => asShown(s.text));
/** What the page highlights as being read, as one string (empty: nothing). */
const highlighted = (page: Page) =>
  page.evaluate(() => [...(CSS.highlights.get('listen') ?? [])].map((range) => (range as Range).toString()).join(' ').replace(/\s+/g, ' ').trim());
/** Whether the highlighted words are on the screen, clear of the reading bar at its foot. */
const highlightInView = (page: Page) =>
  page.evaluate(() => {
    const range = [...(CSS.highlights.get('listen') ?? [])][0] as Range | undefined;
    const box = range?.getBoundingClientRect();
    const bar = document.querySelector('[data-state] .listen-bar')?.getBoundingClientRect();
    return !!box && box.top >= 0 && box.bottom <= (bar?.top ?? innerHeight);
  });

const LISTEN = { en: 'Listen', hi: 'सुनें' } as const;
const PAUSE = { en: 'Pause', hi: 'रोकें' } as const;
const RESUME = { en: 'Continue listening', hi: 'आगे सुनें' } as const;
const STOP = { en: 'Stop', hi: 'बंद करें' } as const;
const listen = (page: Page) => page.getByRole('group', { name: 'Listen and share' }).getByRole('button', { name: /^(Listen|Pause|Continue listening)$/ });
const ENGLISH = { name: 'English (India)', lang: 'en-IN', localService: true };
const HINDI_ANDROID = { name: 'hi-in-x-hia-local', lang: 'hi_IN', localService: true };
const READER = /\/listen-reader\.[\w-]+\.(js|css)$/;

const pageLang = async (page: Page): Promise<Locale> => localeOfLanguage(await page.evaluate(() => document.documentElement.lang));
/** What a voice is given for words she sees: signs left out, STREE said as a word (src/lib/sentences.ts). */
const asSaid = (text: string, lang: Locale = 'en') => asShown(sayable(text, lang).trim());

/**
 * The sentences she sees in `part`, block by block, as Listen should read them: a tag marked to
 * be said alone (a sample's) is a piece of its own.
 */
async function sentencesIn(part: Locator, blocks: string, lang: Locale = 'en') {
  const texts = await part.locator(blocks).evaluateAll((elements) =>
    elements.filter((element) => element.getClientRects().length > 0).flatMap((element) => {
      const runs = [''];
      const walk = (node: Node) => {
        for (const child of node.childNodes) {
          if (child instanceof Element && child.matches('[data-said-alone]')) runs.push(child.textContent ?? '', '');
          else if (child instanceof Element) walk(child);
          else runs[runs.length - 1] += child.textContent ?? '';
        }
      };
      walk(element);
      return runs;
    }),
  );
  return texts.flatMap((text) => sentences(text.replace(/\n/g, ' '))).map((sentence) => asSaid(sentence, lang)).filter(Boolean);
}

/** Lets the voice finish `count` sentences, checking that each one spoken is the one highlighted. */
async function listenThrough(page: Page, count: number) {
  const lang = await pageLang(page);
  for (let index = 0; index < count; index += 1) {
    await expect.poll(async () => (await spoken(page)).length).toBe(index + 1);
    const words = (await said(page)).at(-1)!;
    await expect.poll(async () => asSaid(await highlighted(page), lang)).toBe(words);
    await finish(page);
  }
}

test.use({ serviceWorkers: 'block' });

test('a story page offers Listen where the phone has an English voice', async ({ page }) => {
  await fakeSpeech(page, [HINDI_ANDROID, ENGLISH]);
  await page.goto(STORY.path);
  await expect(listen(page)).toHaveText(/Listen/);
  await expect(listen(page)).toBeVisible();
});

test('no Listen button anywhere where the phone has only a voice for another language', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, [HINDI_ANDROID]);
  for (const path of [STORY.path, '/home', '/stay-safe/']) {
    await page.goto(path);
    await page.waitForSelector('.listen-bar', { state: 'attached' }); // the starter has run
    await expect(page.getByRole('button', { name: LISTEN.en, exact: true })).toHaveCount(0);
  }
});

test('no Listen button where the browser cannot speak at all', async ({ page }) => {
  await fakeSpeech(page, undefined);
  await page.goto('/home');
  await page.waitForLoadState('load');
  await expect(page.getByRole('link', { name: /WhatsApp|Exit this page/ }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: LISTEN.en, exact: true })).toHaveCount(0);
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test('no Listen button shows that could do nothing', WHOLE_RUN, async ({ page }) => {
    for (const path of ['/home', '/stay-safe/', STORY.path]) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: LISTEN.en, exact: true })).toHaveCount(0);
    }
  });
});

test('Listen appears when the phone’s voices arrive after the page', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, []);
  await page.goto(STORY.path);
  await expect(listen(page)).toHaveCount(0);
  await page.evaluate((voice) => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.setVoices([voice]), ENGLISH);
  await expect(listen(page)).toBeVisible();
});

test('the reader is fetched only when she taps Listen', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  const fetched: string[] = [];
  page.on('request', (request) => fetched.push(request.url()));
  await page.goto('/home');
  await page.waitForLoadState('load');
  const button = page.locator('#about').getByRole('button', { name: LISTEN.en });
  await expect(button).toBeVisible();
  expect(fetched.filter((url) => READER.test(new URL(url).pathname))).toEqual([]);
  const reader = page.waitForRequest((request) => READER.test(new URL(request.url()).pathname));
  await button.click();
  await reader;
  await expect.poll(async () => (await spoken(page)).length).toBeGreaterThan(0);
});

test('Listen reads the title, then the story sentence by sentence, and shows that it is reading', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto(STORY.path);
  await listen(page).click();
  await expect(listen(page)).toHaveText(/Pause/);
  await expect(page.getByRole('group', { name: 'Listen and share' }).getByRole('status').first()).toHaveText('Reading aloud…');
  await listenThrough(page, 2);
  await expect.poll(async () => (await spoken(page)).length).toBe(3);
  expect((await said(page)).slice(0, 3)).toEqual([STORY.name, ...STORY.sentences].map((text) => asSaid(text)));
  expect((await spoken(page)).every((s) => s.lang === 'en-IN' && s.voice === ENGLISH.name)).toBe(true);
});

for (const lang of ['en', 'hi'] as const) {
  const prefix = lang === 'hi' ? '/hi' : '';
  const voice = lang === 'hi' ? HINDI_ANDROID : ENGLISH;

  test(`a home section is read in order in ${lang}, each sentence highlighted as it is spoken, then the next section`, everyChangeIf(lang === 'hi'), async ({ page }) => {
    await fakeSpeech(page, [voice]);
    await page.goto(`${prefix}/home`);
    const about = page.locator('#about');
    const expected = await sentencesIn(about, 'h2, h3, p', lang);
    expect(expected.length).toBeGreaterThan(3);
    await about.getByRole('button', { name: LISTEN[lang] }).click();
    await listenThrough(page, expected.length);
    expect((await said(page)).slice(0, expected.length)).toEqual(expected);
    // It goes on with the next section, from its heading.
    await expect.poll(async () => (await said(page)).at(expected.length)).toBe(asSaid((await page.locator('#focus h2').textContent())!, lang));
    expect((await spoken(page)).every((s) => s.lang === (lang === 'hi' ? 'hi-IN' : 'en-IN') && s.voice === voice.name)).toBe(true);
  });

  test(`the stay-safe page is read in order in ${lang}, from its title to its last words, kept in view`, WHOLE_RUN, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.setViewportSize({ width: 360, height: 640 });
    await fakeSpeech(page, [voice]);
    await page.goto(`${prefix}/stay-safe/`);
    const article = page.locator('main article');
    const shown = asSaid(await article.evaluate((element) => element.textContent ?? ''), lang);
    await page.getByRole('button', { name: LISTEN[lang], exact: true }).first().click();
    const button = page.locator('main').getByRole('button', { name: PAUSE[lang] });
    await expect(button).toBeVisible();
    let cursor = 0;
    for (let count = 1; await button.isVisible(); count += 1) {
      await expect.poll(async () => (await spoken(page)).length).toBe(count);
      const words = (await said(page)).at(-1)!;
      // Each piece comes after the one before it in the page, and is the one highlighted, on screen.
      const at = shown.indexOf(words, cursor);
      expect(at, `"${words}" after character ${cursor}`).toBeGreaterThanOrEqual(0);
      cursor = at + words.length;
      await expect.poll(async () => asSaid(await highlighted(page), lang)).toBe(words);
      await expect.poll(() => highlightInView(page)).toBe(true);
      await finish(page);
      if (count > 200) throw new Error('the reading never ends');
    }
    const all = await said(page);
    expect(all[0]).toBe(asSaid((await article.locator('h1').textContent())!, lang));
    expect(all.at(-1)).toBe((await sentencesIn(article, 'p, li', lang)).at(-1));
    expect(all).toContain(asSaid((await article.locator('h2').first().textContent())!, lang));
    // Its menu signs are not read out, and its address is read whole.
    expect(all.filter((words) => /[⋮≡]/.test(words))).toEqual([]);
    expect(all.some((words) => words.includes('google.com'))).toBe(true);
    // Done, it is a Listen button again and nothing is highlighted.
    await expect(page.locator('main').getByRole('button', { name: LISTEN[lang], exact: true })).toBeVisible();
    expect(await highlighted(page)).toBe('');
  });
}

// Every page with something to read: its first Listen reads its title (or its part's heading) first.
const READ_PAGES = [
  ...PAGE_TYPES.filter(({ name }) => ['story category', 'inspiring women', 'handmade', 'profile'].includes(name)),
  { name: 'offline', path: '/offline/' },
  { name: 'hindi handmade', path: '/hi/handmade/' },
];
for (const { name, path } of READ_PAGES) {
  test(`the ${name} page can be heard from its title`, WHOLE_RUN, async ({ page }) => {
    await fakeSpeech(page, [ENGLISH, HINDI_ANDROID]);
    await page.goto(path);
    await page.locator('main').getByRole('button', { name: /^(Listen|सुनें)$/ }).first().click();
    await listenThrough(page, 1);
    expect((await said(page))[0]).toBe(asSaid((await page.locator('main h1').textContent())!, path.startsWith('/hi/') ? 'hi' : 'en'));
  });
}

for (const [lang, strings] of [['en', en], ['hi', hi]] as const) {
  test(`the story form is heard in ${lang}: where the Record button is and what it looks like, then that STREE may call her`, everyChangeIf(lang === 'hi'), async ({ page }) => {
    await fakeSpeech(page, [lang === 'hi' ? HINDI_ANDROID : ENGLISH]);
    await page.goto(lang === 'hi' ? '/hi/home' : '/home');
    const form = page.locator('section:has(#share-title)');
    // Awake, as she meets it once it is on screen: the Record button and the words about it come then.
    await form.locator('form').scrollIntoViewIfNeeded();
    await islandHydrated(form.locator('form'));
    await expect(form.getByRole('button', { name: strings.form.record })).toBeVisible({ timeout: 0 });
    await form.getByRole('button', { name: LISTEN[lang] }).click();
    const reading = page.locator('main').getByRole('button', { name: PAUSE[lang] });
    await expect(reading).toBeVisible();
    for (let count = 1; await reading.isVisible(); count += 1) {
      await expect.poll(async () => (await spoken(page)).length).toBe(count);
      await finish(page);
      if (count > 100) throw new Error('the reading never ends');
    }
    const all = await said(page);
    const heard = (text: string) => sentences(text.replaceAll('**', '')).map((sentence) => asSaid(sentence, lang));
    // From its heading and the line under it, then the way to Record, then the other ways to be heard.
    const intro = await sentencesIn(form, 'h2, h2 ~ p:first-of-type', lang);
    const howToRecord = heard(strings.form.howToRecord);
    expect(all.slice(0, intro.length + howToRecord.length)).toEqual([...intro, ...howToRecord]);
    expect(all[intro.length + howToRecord.length]).toBe(asSaid(strings.storyByPhone.callInstead, lang));
    // What happens next, before the consent box she ticks: a call, on the number she gives.
    const whatNext = heard(strings.form.whatNext);
    const at = all.indexOf(whatNext[0]!);
    expect(at, 'what happens next is read').toBeGreaterThan(0);
    expect(all.slice(at, at + whatNext.length)).toEqual(whatNext);
    expect(all[at + whatNext.length]).toBe(asSaid(strings.form.consent, lang));
    // In her words: the picture on the button, and the call.
    expect(howToRecord.join(' ')).toMatch(lang === 'hi' ? /माइक की तस्वीर वाला .*बटन/ : /button with a microphone/);
    expect(whatNext.join(' ')).toMatch(lang === 'hi' ? /आपको फ़ोन कर सकते हैं/ : /may call you/);
  });
}

for (const [lang, strings] of [['en', en], ['hi', hi]] as const) {
  test(`a sample's tag is said on its own in ${lang}, before the words it marks`, WHOLE_RUN, async ({ page }) => {
    await fakeSpeech(page, [lang === 'hi' ? HINDI_ANDROID : ENGLISH]);
    await page.goto(lang === 'hi' ? '/hi/home' : '/home');
    const about = page.locator('#about');
    await expect(about.getByText(strings.sample.tag, { exact: true }).first()).toBeVisible();
    await about.getByRole('button', { name: LISTEN[lang] }).click();
    await listenThrough(page, (await sentencesIn(about, 'h2, h3, p', lang)).length);
    const all = await said(page);
    const tag = all.indexOf(strings.sample.tag);
    expect(tag, `"${strings.sample.tag}" said alone`).toBeGreaterThanOrEqual(0);
    expect(all[tag + 1]).toBe(asSaid(lang === 'hi' ? hi.sample.readMore : en.sample.readMore, lang));
    // STREE is said as the word it is, never spelt out.
    expect(all.filter((words) => words.includes('STREE'))).toEqual([]);
  });
}

test('a phone number is read digit by digit, as she would dial it', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto('/offline/');
  const helplines = page.locator('#helplines');
  await helplines.getByRole('button', { name: LISTEN.en }).click();
  // Its heading and the line under it, then the first number.
  await listenThrough(page, (await sentencesIn(helplines, 'h2, h2 ~ p:first-of-type')).length);
  await expect.poll(async () => (await spoken(page)).at(-1)?.text).toMatch(/^1 1 2 \D/);
});

test('Pause stops at the sentence, Continue listening reads it again, Stop ends and clears', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto('/stay-safe/');
  const main = page.locator('main');
  await main.getByRole('button', { name: LISTEN.en }).click();
  await listenThrough(page, 1); // the title
  await expect.poll(async () => (await spoken(page)).length).toBe(2);
  const before = await cancels(page);
  await main.getByRole('button', { name: PAUSE.en }).click();
  await expect(main.getByRole('button', { name: RESUME.en })).toBeVisible();
  expect(await cancels(page)).toBeGreaterThan(before);
  await main.getByRole('button', { name: RESUME.en }).click();
  await expect(main.getByRole('button', { name: PAUSE.en })).toBeVisible();
  const [, first, again] = await said(page);
  expect(again).toBe(first);
  await main.getByRole('button', { name: STOP.en }).click();
  await expect(main.getByRole('button', { name: LISTEN.en })).toBeFocused();
  await expect(main.getByRole('button', { name: STOP.en })).toHaveCount(0);
  expect(await highlighted(page)).toBe('');
  // The next Listen starts from the beginning.
  await main.getByRole('button', { name: LISTEN.en }).click();
  await expect.poll(async () => (await said(page)).at(-1)).toBe((await said(page))[0]);
});

test('Listen, Pause, Continue listening and Stop each show their own drawn picture, never an emoji', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto('/stay-safe/');
  const main = page.locator('main');
  /** The path of a button's inline picture, and whether any emoji is among its words. */
  const picture = (name: string) => main.getByRole('button', { name, exact: true }).evaluate((button) => ({
    d: button.querySelector('svg path')?.getAttribute('d'),
    hidden: button.querySelector('svg')?.getAttribute('aria-hidden'),
    emoji: /[\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u{1F000}-\u{1FAFF}]/u.test(button.textContent ?? ''),
  }));
  expect(await picture(LISTEN.en)).toEqual({ d: SPEAKER.d, hidden: 'true', emoji: false });
  await main.getByRole('button', { name: LISTEN.en }).click();
  await expect(main.getByRole('button', { name: PAUSE.en })).toBeVisible();
  expect(await picture(PAUSE.en)).toEqual({ d: PAUSE_PICTURE.d, hidden: 'true', emoji: false });
  expect(await picture(STOP.en)).toEqual({ d: STOP_PICTURE.d, hidden: 'true', emoji: false });
  await main.getByRole('button', { name: PAUSE.en }).click();
  expect(await picture(RESUME.en)).toEqual({ d: PLAY.d, hidden: 'true', emoji: false });
  await main.getByRole('button', { name: STOP.en }).click();
  expect(await picture(LISTEN.en)).toEqual({ d: SPEAKER.d, hidden: 'true', emoji: false });
});

test('by keyboard: Enter starts and pauses, Escape stops', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto('/stay-safe/');
  const main = page.locator('main');
  await main.getByRole('button', { name: LISTEN.en }).focus();
  await page.keyboard.press('Enter');
  await expect(main.getByRole('button', { name: PAUSE.en })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(main.getByRole('button', { name: RESUME.en })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(main.getByRole('button', { name: LISTEN.en })).toBeFocused();
});

test('at 240×320 the reading bar fits the screen without sideways scrolling', WHOLE_RUN, async ({ page }) => {
  await page.setViewportSize({ width: 240, height: 320 });
  await fakeSpeech(page, [HINDI_ANDROID]);
  await page.goto('/hi/stay-safe/');
  await page.locator('main').getByRole('button', { name: LISTEN.hi }).click();
  const bar = page.locator('[data-state] .listen-bar');
  await expect(bar.getByRole('button', { name: STOP.hi })).toBeInViewport();
  await expect(bar.getByRole('button', { name: PAUSE.hi })).toBeInViewport();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(240);
});

// A part of the page that contains its layout (content-visibility, transform, filter) would hold
// the fixed bar inside itself: the home page, the longest, is where she scrolls furthest.
test('on /home the reading bar stays at the foot of the screen however far she scrolls', WHOLE_RUN, async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto('/home');
  await page.locator('#focus').getByRole('button', { name: LISTEN.en }).click();
  const bar = page.locator('[data-state] .listen-bar');
  await expect(bar.getByRole('button', { name: PAUSE.en })).toBeVisible();
  await page.evaluate(() => window.scrollTo({ top: document.documentElement.scrollHeight, behavior: 'instant' }));
  await expect(bar.getByRole('button', { name: STOP.en })).toBeInViewport();
  const { bottom, height } = await bar.evaluate((element) => ({ bottom: element.getBoundingClientRect().bottom, height: innerHeight }));
  expect(Math.round(bottom)).toBe(height);
});

test('Exit this page stops the reading before she leaves', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await standInForNeutralSite(page);
  let cancelled = 0;
  await page.exposeFunction('speechCancelled', () => (cancelled += 1));
  await page.goto(STORY.path);
  await listen(page).click();
  await page.getByRole('link', { name: 'Exit this page', exact: true }).click();
  await expect(page).toHaveURL(EXIT_ADDRESS);
  expect(cancelled).toBeGreaterThan(0);
});

// The Gujarati edition (src/lib/editions.ts, `voices`): read with a gu-IN voice where the phone has
// one, and no Listen button where it has none: never an English or Hindi voice reading Gujarati.
test.describe('in Gujarati', () => {
  const GUJARATI_ANDROID = { name: 'gu-in-x-guf-local', lang: 'gu_IN', localService: true };

  test('a home section is read in Gujarati with the Gujarati voice, sentence by sentence', async ({ page }) => {
    await fakeSpeech(page, [ENGLISH, HINDI_ANDROID, GUJARATI_ANDROID]);
    await page.goto('/gu/home');
    const about = page.locator('#about');
    const expected = await sentencesIn(about, 'h2, h3, p', 'gu');
    expect(expected.length).toBeGreaterThan(3);
    await about.getByRole('button', { name: gu.listen.start }).click();
    await expect(page.locator('main').getByRole('button', { name: gu.listen.pause })).toBeVisible();
    await listenThrough(page, expected.length);
    expect((await said(page)).slice(0, expected.length)).toEqual(expected);
    expect((await spoken(page)).every((s) => s.lang === 'gu-IN' && s.voice === GUJARATI_ANDROID.name)).toBe(true);
  });

  test('no Listen button on a Gujarati page where the phone has only English and Hindi voices', WHOLE_RUN, async ({ page }) => {
    await fakeSpeech(page, [ENGLISH, HINDI_ANDROID]);
    for (const path of ['/gu/home', '/gu/stay-safe/', '/gu/handmade/']) {
      await page.goto(path);
      await page.waitForSelector('.listen-bar', { state: 'attached' }); // the starter has run
      await expect(page.getByRole('button', { name: gu.listen.start, exact: true }), path).toHaveCount(0);
    }
    // The same voices read the English edition.
    await page.goto('/home');
    await expect(page.locator('#about').getByRole('button', { name: LISTEN.en })).toBeVisible();
  });

  test('Listen appears on a Gujarati page once a Gujarati voice arrives', WHOLE_RUN, async ({ page }) => {
    await fakeSpeech(page, [ENGLISH]);
    await page.goto('/gu/stay-safe/');
    const button = page.locator('main').getByRole('button', { name: gu.listen.start, exact: true }).first();
    await page.waitForSelector('.listen-bar', { state: 'attached' });
    await expect(button).toHaveCount(0);
    await page.evaluate((voice) => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.setVoices([voice]), GUJARATI_ANDROID);
    await expect(button).toBeVisible();
  });
});
