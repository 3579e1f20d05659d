import type { StoryFields } from './send';

const KEY = 'stree:story-draft';

/**
 * What the form keeps on the phone until the inbox confirms: the fields as typed and, once she
 * pressed Submit, the story as sent with its key. That `outbox` is sent by itself at her next
 * visit when sending failed and no service worker kept it; typing again drops it.
 */
export interface Draft extends StoryFields {
  outbox?: { key: string; story: StoryFields };
}

/** Storage that may be missing or full (private mode, old phones): the form works without it. */
interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

const asFields = (value: Partial<StoryFields> | undefined): StoryFields => ({
  Name: String(value?.Name ?? ''),
  Phone: String(value?.Phone ?? ''),
  Story: String(value?.Story ?? ''),
});

export function loadDraft(storage: DraftStorage | undefined): Draft | undefined {
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<Draft> | null;
    if (!saved) return undefined;
    const outbox = saved.outbox && typeof saved.outbox.key === 'string'
      ? { key: saved.outbox.key, story: asFields(saved.outbox.story) }
      : undefined;
    return { ...asFields(saved), ...(outbox ? { outbox } : {}) };
  } catch {
    return undefined;
  }
}

export function saveDraft(storage: DraftStorage | undefined, draft: Draft) {
  try {
    if (draft.Name || draft.Phone || draft.Story || draft.outbox) storage?.setItem(KEY, JSON.stringify(draft));
    else storage?.removeItem(KEY);
  } catch {
    // Full or blocked storage: the typed values still stay in the form.
  }
}

export function clearDraft(storage: DraftStorage | undefined) {
  try {
    storage?.removeItem(KEY);
  } catch {
    // Nothing to do: see saveDraft.
  }
}

/** The key of a story already submitted with exactly these words, so sending it again cannot make a second row. */
export function keyFor(draft: Draft | undefined, story: StoryFields): string | undefined {
  const sent = draft?.outbox?.story;
  return sent && sent.Name === story.Name && sent.Phone === story.Phone && sent.Story === story.Story
    ? draft.outbox!.key
    : undefined;
}
