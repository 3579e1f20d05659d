import { describe, expect, it } from 'vitest';
import { keyFor, loadDraft, saveDraft } from '../../src/story-outbox/draft';

const STORY = { Name: 'Asha', Phone: '9876543210', Story: 'The bus stop has no light.' };

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

describe('the story draft', () => {
  it('keeps a submitted story with its key across a reload', () => {
    const storage = memoryStorage();
    saveDraft(storage, { ...STORY, outbox: { key: 'k-123', story: STORY } });
    expect(loadDraft(storage)).toEqual({ ...STORY, outbox: { key: 'k-123', story: STORY } });
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
    const storage = memoryStorage();
    storage.setItem('stree:story-draft', '{not json');
    expect(loadDraft(storage)).toBeUndefined();
  });
});
