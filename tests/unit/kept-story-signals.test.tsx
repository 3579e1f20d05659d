// @vitest-environment jsdom
// A kept story's news reaches the form in two steps (src/story-outbox/contract.js): our service
// worker posts a message to the page (send-kept.ts hears it), and the page tells the form with an
// event on `window` (use-story-draft.ts hears it). Each step has its own name, so neither can be
// taken for the other; the message keeps the name a worker of an earlier deploy posts.
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoryForm from '../../src/islands/StoryFormEn';
import { en } from '../../src/i18n/en';
import { DRAFT_KEY, RETURNED_CACHE, RETURNED_EVENT, RETURNED_MESSAGE, SENT_EVENT, SENT_MESSAGE } from '../../src/story-outbox/contract.js';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const KEY = '5d0c6a9e-1f2b-4c3d-8e9f-a0b1c2d3e4f5';
/** What the page's snackbar says (the section's data-sent-later), apart from what the form says. */
const PAGE_SENT_LATER = 'Sent, as the page says it.';
/** The value an earlier deploy's worker posts for "saved": a message's value never changes. */
const EARLIER_SENT_MESSAGE = 'stree:story-sent';

let worker: EventTarget;
let snackbar: { get: () => string };
const kept = () => JSON.parse(localStorage.getItem(DRAFT_KEY) ?? 'null');
const workerSays = (data: unknown) => act(() => void worker.dispatchEvent(new MessageEvent('message', { data })));
const pageSays = (type: string) => act(() => void dispatchEvent(new CustomEvent(type)));
/** The form's line that a kept story went out after all. */
const formSaysSent = () => screen.queryByText(en.form.sentLater);

/** A page with the form and a story kept offline, its sender started as the page starts it, offline. */
async function openPage() {
  vi.resetModules();
  localStorage.setItem(DRAFT_KEY, JSON.stringify({ Name: '', Phone: '', Story: '', outbox: { key: KEY, story: STORY, queued: true } }));
  document.body.innerHTML = `<section data-story-endpoint="/api/stories" data-sent-later="${PAGE_SENT_LATER}" data-returned="Back."></section>`;
  const { startSendingKept } = await import('../../src/story-outbox/send-kept');
  const store = await import('../../src/stores/snackbar');
  snackbar = store.snackbar;
  startSendingKept(store.showSnackbar);
  render(<StoryForm endpoint="/api/stories" idPrefix="story" />);
}

beforeEach(() => {
  localStorage.clear();
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
  worker = new EventTarget();
  Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: worker });
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

it('the worker’s message and the page’s event are two names', () => {
  expect(SENT_MESSAGE).not.toBe(SENT_EVENT);
  expect(RETURNED_MESSAGE).not.toBe(RETURNED_EVENT);
  expect(new Set([SENT_MESSAGE, SENT_EVENT, RETURNED_MESSAGE, RETURNED_EVENT]).size).toBe(4);
});

describe('"saved" from our service worker', () => {
  it('the page hears the worker’s message: the story leaves the phone, the page and the form both say it went', async () => {
    await openPage();
    expect(formSaysSent()).toBeNull();
    workerSays({ type: SENT_MESSAGE, key: KEY });
    expect(kept()).toBeNull();
    expect(snackbar.get()).toBe(PAGE_SENT_LATER);
    expect(formSaysSent()).not.toBeNull();
  });

  it('the message of an earlier deploy’s worker, its bare name, is heard the same', async () => {
    await openPage();
    workerSays(EARLIER_SENT_MESSAGE);
    expect(snackbar.get()).toBe(PAGE_SENT_LATER);
    expect(formSaysSent()).not.toBeNull();
  });

  it('the page takes no event’s name from the worker: the story stays kept and nothing is said', async () => {
    await openPage();
    workerSays({ type: SENT_EVENT, key: KEY });
    workerSays(SENT_EVENT);
    expect(kept().outbox.key).toBe(KEY);
    expect(snackbar.get()).toBe('');
    expect(formSaysSent()).toBeNull();
  });
});

describe('the page’s event to the form', () => {
  it('"sent": the form says the kept story went', async () => {
    await openPage();
    pageSays(SENT_EVENT);
    expect(formSaysSent()).not.toBeNull();
  });

  it('the form takes no worker message’s name for an event: nothing is said', async () => {
    await openPage();
    pageSays(SENT_MESSAGE);
    expect(formSaysSent()).toBeNull();
  });

  it('"back": the form shows the story that came back, with why; the worker’s name for it does nothing', async () => {
    await openPage();
    localStorage.setItem(DRAFT_KEY, JSON.stringify({ ...STORY, returned: 'Write your story.' }));
    const story = screen.getByLabelText('Story', { selector: 'textarea' }) as HTMLTextAreaElement;
    pageSays(RETURNED_MESSAGE);
    expect(story.value).toBe('');
    expect(screen.getByRole('alert').textContent).toBe('');
    pageSays(RETURNED_EVENT);
    expect(story.value).toBe(STORY.Story);
    expect(screen.getByRole('alert').textContent).toBe(`${en.form.returned} Write your story.`);
  });
});

describe('"returned" from our service worker', () => {
  it('the page looks for the story the worker gave back only on the worker’s message, never on the event’s name', async () => {
    const has = vi.fn(async () => false);
    vi.stubGlobal('caches', { has });
    await openPage();
    await vi.waitFor(() => expect(has).toHaveBeenCalledTimes(1)); // the page's first look, as it opens
    workerSays(RETURNED_EVENT);
    expect(has).toHaveBeenCalledTimes(1);
    workerSays(RETURNED_MESSAGE);
    await vi.waitFor(() => expect(has).toHaveBeenCalledTimes(2));
    expect(has).toHaveBeenLastCalledWith(RETURNED_CACHE);
  });
});
