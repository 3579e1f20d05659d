// Listen (docs/design.md, "Help and safety, one tap away"; docs/help.md). Headless Chromium has no
// voices, so each test installs a fake speechSynthesis before the page's scripts run: it lists the
// voices a test gives it, records every utterance, and ends one only when the test says so.
import { expect, test, type Page } from '@playwright/test';
import { EXIT_ADDRESS, STORY, standInForNeutralSite } from './help-fixtures';

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
const finish = (page: Page) => page.evaluate(() => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.finish());
const listen = (page: Page) => page.getByRole('group', { name: 'Listen and share' }).getByRole('button', { name: /^(Listen|Stop|Continue listening)$/ });

const ENGLISH = { name: 'English (India)', lang: 'en-IN', localService: true };
const HINDI_ANDROID = { name: 'hi-in-x-hia-local', lang: 'hi_IN', localService: true };

test.use({ serviceWorkers: 'block' });

test('a story page offers Listen where the phone has an English voice', async ({ page }) => {
  await fakeSpeech(page, [HINDI_ANDROID, ENGLISH]);
  await page.goto(STORY.path);
  await expect(listen(page)).toHaveText(/Listen/);
  await expect(listen(page)).toBeVisible();
});

test('no Listen button where the phone has only a voice for another language', async ({ page }) => {
  await fakeSpeech(page, [HINDI_ANDROID]);
  await page.goto(STORY.path);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toBeVisible(); // the page's scripts have run
  await expect(listen(page)).toHaveCount(0);
});

test('no Listen button where the browser cannot speak at all', async ({ page }) => {
  await fakeSpeech(page, undefined);
  await page.goto(STORY.path);
  await expect(page.getByRole('link', { name: /WhatsApp/ })).toBeVisible();
  await expect(listen(page)).toHaveCount(0);
});

test('Listen appears when the phone’s voices arrive after the page', async ({ page }) => {
  await fakeSpeech(page, []);
  await page.goto(STORY.path);
  await expect(listen(page)).toHaveCount(0);
  await page.evaluate((voice) => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.setVoices([voice]), ENGLISH);
  await expect(listen(page)).toBeVisible();
});

test('Listen reads the title, then the story sentence by sentence, and shows that it is reading', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto(STORY.path);
  await listen(page).click();
  await expect(listen(page)).toHaveText(/Stop/);
  await expect(page.getByRole('group', { name: 'Listen and share' }).getByRole('status').first()).toHaveText('Reading aloud…');
  await finish(page);
  await finish(page);
  const said = await spoken(page);
  // The page shows typographic apostrophes where the Markdown has plain ones.
  expect(said.map((s) => s.text.replace(/[‘’]/g, "'"))).toEqual([STORY.name, ...STORY.sentences]);
  expect(said.every((s) => s.lang === 'en-IN' && s.voice === ENGLISH.name)).toBe(true);
});

test('Stop stops the reading, and Continue listening goes on from the sentence it reached', async ({ page }) => {
  await fakeSpeech(page, [ENGLISH]);
  await page.goto(STORY.path);
  await listen(page).click();
  await finish(page); // the title
  await expect.poll(async () => (await spoken(page)).length).toBe(2); // the first sentence is being read
  await listen(page).click();
  await expect(listen(page)).toHaveText(/Continue listening/);
  expect(await page.evaluate(() => (window as unknown as { fakeSpeech: FakeSpeech }).fakeSpeech.record.cancels)).toBeGreaterThan(0);
  await listen(page).click();
  await expect(listen(page)).toHaveText(/Stop/);
  const said = (await spoken(page)).map((s) => s.text.replace(/[‘’]/g, "'"));
  expect(said).toEqual([STORY.name, STORY.sentences[0], STORY.sentences[0]]);
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
