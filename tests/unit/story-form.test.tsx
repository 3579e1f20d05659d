// @vitest-environment jsdom
// The story form island's own logic (src/islands/StoryForm.tsx): hydrating over words already
// typed, storage that throws or is missing, the line that says a draft is kept with Delete draft,
// what each kind of failure keeps, and the honeypot. The browser's part is in tests/e2e/story-form*.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import StoryForm from '../../src/islands/StoryFormEn';
import StoryFormHi from '../../src/islands/StoryFormHi';
import { en } from '../../src/i18n/en';
import { DRAFT_KEY, RETURNED_EVENT } from '../../src/story-outbox/contract.js';

// The English edition's island brings its words from src/i18n/en.ts: these are what it shows.
const strings = en.form;
const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const ENDPOINT = '/api/stories';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;
let fetch: ReturnType<typeof vi.fn>;

/** Replaces window.localStorage: a store, null (a WebView without DOM storage), or a getter that throws. */
function useStorage(kind: 'memory' | 'null' | 'throws') {
  Object.defineProperty(window, 'localStorage', {
    configurable: true,
    get: () => {
      if (kind === 'throws') throw new DOMException('The operation is insecure.', 'SecurityError');
      return kind === 'null' ? null : storage;
    },
  });
}

/** Every story POST gets `status` and `body`; a HEAD probe (after a failure) finds the inbox reachable. */
function inboxAnswers(status: number, body: object = { ok: true, outcome: 'saved' }) {
  fetch = vi.fn(async () => new Response(JSON.stringify(body), { status }));
  vi.stubGlobal('fetch', fetch);
}

const props = { endpoint: ENDPOINT, idPrefix: 'story' };
const field = (label: string) => screen.getByLabelText(label, { selector: 'input, textarea' }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const kept = () => (storage.items.has(DRAFT_KEY) ? JSON.parse(storage.items.get(DRAFT_KEY)!) : undefined);

async function submit() {
  await act(async () => {
    fireEvent.submit(screen.getByRole('button', { name: 'Submit' }).closest('form')!);
  });
}

beforeEach(() => {
  storage = memoryStorage();
  useStorage('memory');
  inboxAnswers(201);
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('hydrating over the page the server sent', () => {
  /** The server's HTML in the page, typed into before the island's script arrived, then hydrated. */
  function hydrateAfterTyping(typed: Partial<typeof STORY>) {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<StoryForm {...props} />);
    document.body.append(container);
    for (const [name, value] of Object.entries(typed)) {
      (container.querySelector(`[name="${name}"]`) as HTMLInputElement).value = value;
    }
    return render(<StoryForm {...props} />, { container, hydrate: true });
  }

  it('keeps what she typed before it, whatever she types after', () => {
    hydrateAfterTyping({ Name: STORY.Name, Story: STORY.Story });
    type('Phone', '9');
    expect(field('Name').value).toBe(STORY.Name);
    expect(field('Story').value).toBe(STORY.Story);
    expect(field('Phone').value).toBe('9');
  });

  it('keeps those words on the phone at once, and says so', () => {
    hydrateAfterTyping({ Name: STORY.Name });
    expect(kept()).toEqual({ Name: STORY.Name, Phone: '', Story: '' });
    expect(screen.getByText(strings.kept, { exact: false })).toBeTruthy();
  });

  it('fills a field she left empty from the kept draft, and never overwrites one she typed', () => {
    storage.setItem(DRAFT_KEY, JSON.stringify({ Name: 'Old name', Phone: '9876543210', Story: 'Started last week.' }));
    hydrateAfterTyping({ Name: 'Sita' });
    expect(field('Name').value).toBe('Sita');
    expect(field('Phone').value).toBe('9876543210');
    expect(field('Story').value).toBe('Started last week.');
  });

  it('keeps a consent box she ticked before it', () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(<StoryForm {...props} />);
    document.body.append(container);
    (container.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    render(<StoryForm {...props} />, { container, hydrate: true });
    type('Name', 'A');
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(true);
  });
});

describe('storage that fails', () => {
  for (const kind of ['throws', 'null'] as const) {
    it(`(localStorage ${kind === 'throws' ? 'throws' : 'is null'}) leaves a form that sends, and claims to keep nothing`, async () => {
      useStorage(kind);
      render(<StoryForm {...props} />);
      type('Name', STORY.Name);
      type('Phone', STORY.Phone);
      type('Story', STORY.Story);
      expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
      await submit();
      expect(fetch).toHaveBeenCalledOnce();
      expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual(STORY);
      expect(field('Story').value).toBe('');
    });
  }
});

describe('a draft on a shared phone', () => {
  it('a kept draft comes back with a line that says so, and Delete draft takes it off the phone', () => {
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...STORY, outbox: { key: 'k-1234567890abcdef', story: STORY } }));
    render(<StoryForm {...props} />);
    expect(field('Story').value).toBe(STORY.Story);
    expect(screen.getByText(strings.restored, { exact: false })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(field('Name').value).toBe('');
    expect(field('Story').value).toBe('');
    // The draft and the copy waiting to be sent are gone.
    expect(storage.items.has(DRAFT_KEY)).toBe(false);
    expect(screen.getByRole('status').textContent).toBe(strings.draftDeleted);
  });

  it('Undo, before she types again, brings her words back and keeps them again', () => {
    render(<StoryForm {...props} />);
    type('Story', STORY.Story);
    const button = screen.getByRole('button', { name: 'Delete draft' });
    fireEvent.click(button);
    // The same button, its words changed: focus stays where her finger was.
    expect(button.textContent).toBe(strings.undo);
    fireEvent.click(button);
    expect(field('Story').value).toBe(STORY.Story);
    expect(kept()).toEqual({ Name: '', Phone: '', Story: STORY.Story });
  });

  it('no line when nothing is kept', () => {
    render(<StoryForm {...props} />);
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
  });

  it('sent, nothing of it stays on the phone', async () => {
    render(<StoryForm {...props} />);
    type('Name', STORY.Name);
    type('Phone', STORY.Phone);
    type('Story', STORY.Story);
    await submit();
    expect(storage.items.has(DRAFT_KEY)).toBe(false);
    expect(screen.queryByRole('button', { name: 'Delete draft' })).toBeNull();
  });
});

describe('a failed send', () => {
  async function sendFailing(setUp: () => void) {
    render(<StoryForm {...props} />);
    type('Name', STORY.Name);
    type('Phone', STORY.Phone);
    type('Story', STORY.Story);
    setUp();
    await submit();
  }

  it('for a lost connection keeps the story to be sent by itself later', async () => {
    await sendFailing(() => {
      vi.stubGlobal('fetch', vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }));
    });
    expect(screen.getByRole('alert').textContent).toBe(strings.network);
    expect(kept()).toMatchObject({ ...STORY, outbox: { story: STORY } });
  });

  it('kept by our service worker for a lost connection: she is told so and may write a new story; the phone keeps the sent one until a collector confirms', async () => {
    await sendFailing(() => {
      vi.stubGlobal('fetch', vi.fn(async () => new Response('{"ok":true,"queued":true}', { status: 202, headers: { 'X-Stree-Queued': '1' } })));
    });
    expect(screen.getByRole('status').textContent).toBe(strings.queuedNextVisit);
    expect(field('Story').value).toBe('');
    const { outbox } = kept();
    expect(outbox).toMatchObject({ story: STORY, queued: true });
    // Her next story, and deleting it, leave the one waiting alone.
    type('Story', 'Another story');
    expect(kept()).toMatchObject({ Story: 'Another story', outbox });
    fireEvent.click(screen.getByRole('button', { name: 'Delete draft' }));
    expect(kept()).toEqual({ Name: '', Phone: '', Story: '', outbox });
  });

  it('refused by the collector keeps her words, but nothing that sends itself again', async () => {
    await sendFailing(() => inboxAnswers(200, { ok: false, outcome: 'refused', error: 'Write your story.' }));
    expect(screen.getByRole('alert').textContent).toContain('Write your story.');
    expect(field('Story').value).toBe(STORY.Story);
    expect(kept()).toEqual(STORY);
  });

  it('blocked by the browser says so, keeps her words, sends nothing again', async () => {
    await sendFailing(() => {
      vi.stubGlobal('fetch', vi.fn(async (_url: string, init: RequestInit) => {
        if (init.method === 'HEAD') return new Response(null, { status: 405 });
        throw new TypeError('Failed to fetch');
      }));
    });
    expect(screen.getByRole('alert').textContent).toBe(strings.blocked);
    expect(kept()).toEqual(STORY);
  });
});

it('a story that came back refused is shown in the form with why', () => {
  render(<StoryForm {...props} />);
  act(() => {
    storage.setItem(DRAFT_KEY, JSON.stringify({ ...STORY, returned: 'Write your story.' }));
    dispatchEvent(new CustomEvent(RETURNED_EVENT));
  });
  expect(field('Story').value).toBe(STORY.Story);
  expect(screen.getByRole('alert').textContent).toBe(`${strings.returned} Write your story.`);
});

it('the honeypot is out of sight, sound and the Tab order, and goes with the story only when filled', async () => {
  const { container } = render(<StoryForm {...props} />);
  const trap = container.querySelector('input[name="website"]') as HTMLInputElement;
  expect(trap.tabIndex).toBe(-1);
  expect(trap.autocomplete).toBe('off');
  expect(trap.closest('[aria-hidden="true"]')).not.toBeNull();
  type('Name', STORY.Name);
  type('Phone', STORY.Phone);
  type('Story', STORY.Story);
  fireEvent.change(trap, { target: { value: 'https://spam.example' } });
  await submit();
  expect(JSON.parse(fetch.mock.calls[0]![1].body)).toEqual({ ...STORY, website: 'https://spam.example' });
});

it('the form posts itself, in her language, where no script runs', () => {
  const html = renderToString(<StoryFormHi {...props} />);
  expect(html).toContain('method="post"');
  expect(html).toContain('action="/api/stories?lang=hi"');
  for (const name of ['Name', 'Phone', 'Story']) expect(html).toContain(`name="${name}"`);
  // Consent is required to send, but is not sent.
  expect(html).not.toMatch(/type="checkbox"[^>]*name=/);
});
