import type { StoryFields } from './send-story';

const KEY = 'stree:story-draft';

/** Storage that may be missing or full (private mode, old phones): the form works without it. */
interface DraftStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function loadDraft(storage: DraftStorage | undefined): StoryFields | undefined {
  try {
    const saved = JSON.parse(storage?.getItem(KEY) ?? 'null') as Partial<StoryFields> | null;
    if (!saved) return undefined;
    return { Name: String(saved.Name ?? ''), Phone: String(saved.Phone ?? ''), Story: String(saved.Story ?? '') };
  } catch {
    return undefined;
  }
}

export function saveDraft(storage: DraftStorage | undefined, draft: StoryFields) {
  try {
    if (draft.Name || draft.Phone || draft.Story) storage?.setItem(KEY, JSON.stringify(draft));
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
