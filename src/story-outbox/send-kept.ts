// A story she submitted while the connection was down is kept with her draft (./draft.ts). Where
// no service worker took it, this sends it as soon as the page opens online, or when the
// connection comes back: a plain script, because the form island wakes only once scrolled to.
// A kept story that is refused (by the collector or the browser) is not tried again in silence:
// it goes back into the form with why, and so does one the service worker's queue gave back.
// Only a collector's "saved" removes it from the phone: "try again" and any answer that is not
// the collector's own keep it for the next connection or visit. What she is told goes through
// `announce` (the page gives the snackbar's): the outbox decides, the page shows.
import { CONNECTION_FAILURES, sendStory, type SendResult, type StoryFields } from './send';
import type { RecordingBody } from './recordings';
import { forgetOutbox, hasWords, loadDraft, saveDraft } from './draft';
import { RETURNED_CACHE, RETURNED_EVENT, RETURNED_MESSAGE, SENT_EVENT, SENT_MESSAGE } from './contract.js';

const section = document.querySelector<HTMLElement>('[data-story-endpoint]');
const endpoint = section?.dataset.storyEndpoint;
const { sentLater = '', returned = '' } = section?.dataset ?? {};
let isSending = false;
let announce: (message: string) => void = () => {};
/** Stories this page already said were sent: the page and the worker may both hear "saved". */
const told = new Set<string>();

/** Removes recordings the draft no longer names; fetched only for a story that had one: most pages never need it. */
const forgetUnnamed = () => void import('./recordings').then(({ forgetUnnamedRecordings }) => forgetUnnamedRecordings());

/**
 * A collector saved the story `key`, whoever sent it: it leaves the outbox and its recording the
 * phone, and she hears it once. After quick exit nothing of it may show, not even that it went.
 */
function confirmed(key: string | undefined, quiet = false) {
  const outbox = loadDraft()?.outbox;
  if (key !== undefined && outbox?.key === key) {
    quiet ||= Boolean(outbox.quiet);
    forgetOutbox(key);
    if (outbox.recording) forgetUnnamed();
  }
  if (quiet || (key !== undefined && told.has(key))) return;
  if (key !== undefined) told.add(key);
  announce(sentLater);
  dispatchEvent(new CustomEvent(SENT_EVENT));
}

/**
 * Puts refused words (and her recording) back in the form, with what the collector said; false
 * while her newer words are there. The refused story leaves the outbox.
 */
function giveBack(story: StoryFields, detail: string, recording?: string, key?: string) {
  const draft = loadDraft();
  if (draft && hasWords(draft) && (!draft.outbox || draft.outbox.queued)) return false;
  if (key) forgetOutbox(key);
  saveDraft({ ...story, ...(recording ? { recording } : {}), returned: detail });
  // The phone's copy of that story came back with it: a recording no draft names is not kept twice.
  if (draft?.outbox?.key === key && draft?.outbox?.recording) forgetUnnamed();
  dispatchEvent(new CustomEvent(RETURNED_EVENT));
  announce(returned);
  return true;
}

const detailOf = (result: Exclude<SendResult, { ok: true }>) => ('message' in result && result.message) || '';

async function sendKept() {
  const kept = loadDraft()?.outbox;
  if (!endpoint || !kept || !navigator.onLine || isSending) return;
  isSending = true;
  // Its recording goes with it, the same on every try; one the phone lost cannot, and the collector says what is missing.
  // Fetched only for a story with a recording: most pages never need it.
  const recordings = kept.recording ? await import('./recordings') : undefined;
  const recording = (await recordings?.loadRecording(kept.recording!))?.blob;
  const result = await sendStory(endpoint, kept.story, { key: kept.key, isOnline: () => navigator.onLine, recording });
  isSending = false;
  // Queued: our service worker holds it too, and says so itself once it is sent; the phone keeps it until then.
  if (result.ok) {
    if (!result.queued) confirmed(kept.key, kept.quiet);
    return;
  }
  // Typing since then saved a new draft without this story: leave her new words alone.
  const isStillKept = loadDraft()?.outbox?.key === kept.key;
  if ((CONNECTION_FAILURES as readonly string[]).includes(result.reason) || !isStillKept) return; // the next connection or visit tries again
  // After quick exit nothing may show: a story the collector refused goes; one the browser would
  // not send stays kept, unseen, for a later visit.
  if (kept.quiet) {
    if (result.reason === 'rejected' && forgetOutbox(kept.key)) void recordings?.forgetUnnamedRecordings();
    return;
  }
  giveBack(kept.story, detailOf(result), kept.recording, kept.key);
}

/** Stories the service worker's queue could not deliver (src/story-outbox/worker-queue.ts), one at a time. */
async function takeReturned() {
  if (!(await globalThis.caches?.has(RETURNED_CACHE).catch(() => false))) return;
  const cache = await caches.open(RETURNED_CACHE);
  const [request] = (await cache.keys()).filter(({ url }) => url.includes('/__returned/'));
  if (!request) return;
  const { story, detail, key } = (await (await cache.match(request))!.json()) as {
    story: StoryFields & { Recording?: RecordingBody }; detail: string; key?: string;
  };
  // Its recording goes back on the phone, as a file beside the draft, never into the draft itself.
  const { Recording, ...words } = story;
  const recordings = Recording && (await import('./recordings'));
  const recording = recordings && (await recordings.keepBody(Recording!));
  if (giveBack(words, detail, recording, key)) await cache.delete(request);
  else void recordings?.forgetUnnamedRecordings();
}

/** Sends a kept story now and whenever the connection returns; `tell` shows her what happened. */
export function startSendingKept(tell: (message: string) => void) {
  announce = tell;
  navigator.serviceWorker?.addEventListener('message', ({ data }) => {
    // `{ type, key }`; the bare name from a worker of an earlier version.
    if (data === SENT_MESSAGE || data?.type === SENT_MESSAGE) confirmed(data?.key);
    if (data === RETURNED_MESSAGE) void takeReturned();
  });
  addEventListener('online', () => void sendKept());
  void sendKept();
  void takeReturned().catch(() => {});
}
