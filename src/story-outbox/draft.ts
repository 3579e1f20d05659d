// What the form keeps on the phone until the inbox confirms: the fields as she typed them and,
// once she pressed Submit, the story as sent with its key (the outbox). All of it goes through
// the guarded storage helper: where storage fails, nothing is kept and the form still works.
import { readItem, removeItem, writeItem } from '../browser/storage';
import { DRAFT_KEY, FORGET_EVENT, QUIET_MESSAGE, RECORDINGS_CACHE, RETURNED_CACHE } from './contract.js';
import type { StoryFields } from './send';

export interface Draft extends StoryFields {
  /**
   * A story she submitted that a collector has not confirmed yet (saved or refused): sent by
   * itself when the connection returns or at her next visit, with its key. While her words are
   * still in the form, typing again drops it. `queued`: our service worker said it keeps it too,
   * and the form moved on to a new story: then only a confirmation, or her next submitted story,
   * removes it (the worker keeps its own copy until confirmed). `quiet`: she left the site with
   * quick exit, so it is still sent but nothing of it shows on screen again.
   */
  outbox?: Outbox;
  /** The id of her recording in Cache Storage (./recordings.ts), while she has one. */
  recording?: string;
  /**
   * These words were sent before and came back refused (at a later visit, or from the service
   * worker's queue): what the collector said, for the form to show. Typing again drops it.
   */
  returned?: string;
}

export interface Outbox {
  key: string;
  story: StoryFields;
  recording?: string;
  queued?: boolean;
  quiet?: boolean;
}

const asFields = (value: Partial<StoryFields> | undefined): StoryFields => ({
  Name: String(value?.Name ?? ''),
  Phone: String(value?.Phone ?? ''),
  Story: String(value?.Story ?? ''),
});

/** Whether any field holds words she typed, or she recorded her story. */
export const hasWords = (fields: StoryFields & { recording?: string }) =>
  Boolean(fields.Name || fields.Phone || fields.Story || fields.recording);

const recordingOf = (value: { recording?: unknown }) => (typeof value.recording === 'string' ? { recording: value.recording } : {});

/** The kept draft, or undefined when there is none, it is damaged, or storage cannot be read. */
export function loadDraft(): Draft | undefined {
  try {
    const saved = JSON.parse(readItem(DRAFT_KEY) ?? 'null') as Partial<Draft> | null;
    if (!saved || typeof saved !== 'object') return undefined;
    const outbox = saved.outbox && typeof saved.outbox.key === 'string'
      ? {
          key: saved.outbox.key, story: asFields(saved.outbox.story), ...recordingOf(saved.outbox),
          ...(saved.outbox.queued ? { queued: true } : {}), ...(saved.outbox.quiet ? { quiet: true } : {}),
        }
      : undefined;
    const returned = typeof saved.returned === 'string' ? { returned: saved.returned } : {};
    return { ...asFields(saved), ...recordingOf(saved), ...(outbox ? { outbox } : {}), ...returned };
  } catch {
    return undefined;
  }
}

/**
 * Keeps `draft` (or removes it when it holds nothing); says whether the phone kept it. A draft
 * without an outbox keeps a queued one the phone holds: her new words are not that story.
 */
export function saveDraft(draft: Draft): boolean {
  const queued = draft.outbox ? undefined : loadDraft()?.outbox;
  if (queued?.queued) draft = { ...draft, outbox: queued };
  if (!hasWords(draft) && !draft.outbox) {
    removeItem(DRAFT_KEY);
    return false;
  }
  // A queued story alone is no words of hers in the form: nothing for the form to say it keeps.
  return writeItem(DRAFT_KEY, JSON.stringify(draft)) && (hasWords(draft) || !draft.outbox!.queued);
}

/** Removes everything the form kept: her words and any story not yet sent (Delete draft, a confirmed send). */
export function clearDraft() {
  removeItem(DRAFT_KEY);
}

/**
 * A collector confirmed (saved or refused) the story `key`: it leaves the outbox, with the words
 * in the form when they are that story's; her newer words after a queued story stay. False when
 * the outbox holds another story, or none.
 */
export function forgetOutbox(key: string): boolean {
  const draft = loadDraft();
  if (draft?.outbox?.key !== key) return false;
  const { outbox, ...newer } = draft;
  if (outbox.queued && hasWords(newer)) writeItem(DRAFT_KEY, JSON.stringify(newer));
  else clearDraft();
  return true;
}

/**
 * Removes every recording on the phone but `submitted`'s, begun at once: nothing is fetched
 * first, since a script still on its way when the page leaves never runs. With nothing submitted
 * it is one call; else each entry but that one (named as ./recordings.ts names it, by its id).
 */
function forgetUnsentRecordings(submitted: string | undefined) {
  const storage = globalThis.caches;
  if (!storage) return;
  if (!submitted) {
    void storage.delete(RECORDINGS_CACHE).catch(() => {});
    return;
  }
  const kept = `/${encodeURIComponent(submitted)}`;
  void storage.open(RECORDINGS_CACHE).then(async (cache) => {
    for (const request of await cache.keys()) if (!request.url.endsWith(kept)) void cache.delete(request);
  }).catch(() => {});
}

/**
 * Quick exit: removes the words she typed. A story she already submitted stays in the outbox,
 * since it is hers and she chose to send it, but is marked quiet: sent later, never shown again.
 */
export function forgetTypedWords() {
  const outbox = loadDraft()?.outbox;
  if (outbox) writeItem(DRAFT_KEY, JSON.stringify({ ...asFields(undefined), outbox: { ...outbox, quiet: true } }));
  else removeItem(DRAFT_KEY);
  // Her recording too, and the microphone: the recorder hears this at once and stops every track.
  forgetUnsentRecordings(outbox?.recording);
  globalThis.dispatchEvent?.(new Event(FORGET_EVENT));
  // The worker's queue, too: what it holds is still sent, but a refusal is never shown.
  globalThis.navigator?.serviceWorker?.controller?.postMessage(QUIET_MESSAGE);
  void globalThis.caches?.delete(RETURNED_CACHE).catch(() => {});
}

/**
 * The key of a story already submitted with exactly these words and this recording, so sending it
 * again cannot make a second row.
 */
export function keyFor(draft: Draft | undefined, story: StoryFields, recording?: string): string | undefined {
  const sent = draft?.outbox?.story;
  return sent && sent.Name === story.Name && sent.Phone === story.Phone && sent.Story === story.Story
    && draft.outbox!.recording === recording
    ? draft.outbox!.key
    : undefined;
}
