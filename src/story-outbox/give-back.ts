// A kept story that came back refused goes back into her form with why (docs/stories.md): refused
// when ./send-kept.ts sent it, or left in RETURNED_CACHE by the service worker's queue. Rare, so it
// is fetched only then: every page with the form carries only the sender.
import type { StoryFields } from './send';
import type { RecordingBody } from './recordings';
import { forgetOutbox, hasWords, loadDraft, saveDraft } from './draft';
import { RETURNED_CACHE, RETURNED_EVENT } from './contract.js';

/**
 * Puts refused words (and her recording) back in the form, with what the collector said; false
 * while other words of hers are there (only the refused story's own may be replaced). The refused
 * story leaves the outbox.
 */
export function giveBack(story: StoryFields, detail: string, recording?: string, key?: string) {
  const draft = loadDraft();
  const showsThisStory = key !== undefined && draft?.outbox?.key === key && !draft.outbox.queued;
  if (draft && hasWords(draft) && !showsThisStory) return false;
  if (key) forgetOutbox(key);
  saveDraft({ ...story, ...(recording ? { recording } : {}), returned: detail });
  // The phone's copy of that story came back with it: a recording no draft names is not kept twice.
  if (draft?.outbox?.key === key && draft?.outbox?.recording) void import('./recordings').then(({ forgetUnnamedRecordings }) => forgetUnnamedRecordings());
  dispatchEvent(new CustomEvent(RETURNED_EVENT));
  return true;
}

/** Gives back one story the service worker's queue could not deliver (src/story-outbox/worker-queue.ts); whether it did. */
export async function takeReturned() {
  const cache = await caches.open(RETURNED_CACHE);
  const [request] = (await cache.keys()).filter(({ url }) => url.includes('/__returned/'));
  if (!request) return false;
  const { story, detail, key } = (await (await cache.match(request))!.json()) as {
    story: StoryFields & { Recording?: RecordingBody }; detail: string; key?: string;
  };
  // Its recording goes back on the phone, as a file beside the draft, never into the draft itself.
  const { Recording, ...words } = story;
  const recordings = Recording && (await import('./recordings'));
  const recording = recordings && (await recordings.keepBody(Recording!));
  const isBack = giveBack(words, detail, recording, key);
  if (isBack) await cache.delete(request);
  else void recordings?.forgetUnnamedRecordings();
  return isBack;
}
