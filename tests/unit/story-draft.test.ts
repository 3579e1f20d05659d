import { beforeEach, describe, expect, it, vi } from 'vitest';
import { DRAFT_KEY, QUIET_MESSAGE } from '../../src/story-outbox/contract.js';
import { clearDraft, forgetTypedWords, keyFor, loadDraft, saveDraft } from '../../src/story-outbox/draft';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };
const EMPTY = { Name: '', Phone: '', Story: '' };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

let storage: ReturnType<typeof memoryStorage>;
beforeEach(() => {
  storage = memoryStorage();
  vi.stubGlobal('localStorage', storage);
  return () => vi.unstubAllGlobals();
});

describe('the story draft', () => {
  it('keeps a submitted story with its key across a reload', () => {
    expect(saveDraft({ ...STORY, outbox: { key: 'k-123', story: STORY } })).toBe(true);
    expect(loadDraft()).toEqual({ ...STORY, outbox: { key: 'k-123', story: STORY } });
  });

  it('gives the same key to the same words submitted again, so the inbox saves them once', () => {
    const draft = { ...STORY, outbox: { key: 'k-123', story: STORY } };
    expect(keyFor(draft, { ...STORY })).toBe('k-123');
  });

  it('gives no key to changed words: they are a new story', () => {
    const draft = { ...STORY, outbox: { key: 'k-123', story: STORY } };
    expect(keyFor(draft, { ...STORY, Story: 'The bus stop has no light. Please help.' })).toBeUndefined();
    expect(keyFor({ ...STORY }, STORY)).toBeUndefined();
  });

  it('reads a damaged draft as none', () => {
    storage.setItem(DRAFT_KEY, '{not json');
    expect(loadDraft()).toBeUndefined();
  });

  it('removes an empty draft instead of keeping it', () => {
    saveDraft(STORY);
    saveDraft(EMPTY);
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('Delete draft removes her words and the story waiting to be sent', () => {
    saveDraft({ ...STORY, outbox: { key: 'k-123', story: STORY } });
    clearDraft();
    expect(loadDraft()).toBeUndefined();
  });

  it('quick exit removes her words but keeps a submitted story, quietly, to be sent later', () => {
    saveDraft({ ...STORY, Story: 'More words typed after submitting', outbox: { key: 'k-123', story: STORY } });
    forgetTypedWords();
    expect(loadDraft()).toEqual({ ...EMPTY, outbox: { key: 'k-123', story: STORY, quiet: true } });
    expect(storage.getItem(DRAFT_KEY)).not.toContain('More words');
  });

  it('quick exit leaves nothing when nothing was submitted', () => {
    saveDraft(STORY);
    forgetTypedWords();
    expect(storage.getItem(DRAFT_KEY)).toBeNull();
  });

  it('keeps a story that came back refused with what the collector said', () => {
    saveDraft({ ...STORY, returned: 'Write your story.' });
    expect(loadDraft()).toEqual({ ...STORY, returned: 'Write your story.' });
  });

  it('quick exit also tells the service worker: what it holds is sent, but never shown again', () => {
    const postMessage = vi.fn();
    vi.stubGlobal('navigator', { serviceWorker: { controller: { postMessage } } });
    forgetTypedWords();
    expect(postMessage).toHaveBeenCalledWith(QUIET_MESSAGE);
  });

  it('keeps nothing, and says so, where storage is blocked', () => {
    vi.stubGlobal('localStorage', null);
    expect(saveDraft(STORY)).toBe(false);
    expect(loadDraft()).toBeUndefined();
  });
});
