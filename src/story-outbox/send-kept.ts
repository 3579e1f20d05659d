// A story she submitted while the connection was down is kept with her draft (./draft.ts). Where
// no service worker took it, this sends it as soon as the page opens online, or when the
// connection comes back: a plain script, because the form island wakes only once scrolled to.
// A kept story that is refused (by the collector or the browser) is not tried again in silence:
// it goes back into the form with why (./give-back.ts), and so does one the service worker's queue gave back.
// Only a collector's "saved" removes it from the phone: "try again" and any answer that is not
// the collector's own keep it for the next connection or visit. What she is told goes through
// `announce` (the page gives the snackbar's): the outbox decides, the page shows.
import { CONNECTION_FAILURES, sendStory, type SendResult } from './send';
import { forgetOutbox, loadDraft, type Outbox } from './draft';
import { RETURNED_CACHE, RETURNED_MESSAGE, SENT_EVENT, SENT_MESSAGE } from './contract.js';

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

const detailOf = (result: Exclude<SendResult, { ok: true }>) => ('message' in result && result.message) || '';

async function sendKept(reconnected = false) {
  const kept = loadDraft()?.outbox;
  if (!endpoint || !kept || !navigator.onLine || isSending) return;
  // Our worker keeps it too, and Background Sync sends it now that the connection is back; the
  // page sends it again only at a later visit, in case the worker could not.
  if (reconnected && kept.queued && 'SyncManager' in window && navigator.serviceWorker?.controller) return;
  isSending = true;
  try {
    await send(kept);
  } catch {
    // A chunk the connection could not fetch: the next connection or visit tries again.
  } finally {
    isSending = false;
  }
}

async function send(kept: Outbox) {
  // Its recording goes with it, the same on every try; one the phone lost cannot, and the collector says what is missing.
  // Fetched only for a story with a recording: most pages never need it.
  const recordings = kept.recording ? await import('./recordings') : undefined;
  const recording = (await recordings?.loadRecording(kept.recording!))?.blob;
  const inParts = recording && (await import('./send-voice')).inParts(recording);
  const result = await sendStory(endpoint!, kept.story, { key: kept.key, isOnline: () => navigator.onLine, inParts });
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
  if ((await import('./give-back')).giveBack(kept.story, detailOf(result), kept.recording, kept.key)) announce(returned);
}

/** Stories the service worker's queue could not deliver, one at a time; fetched only when there is one. */
async function takeReturned() {
  if (!(await globalThis.caches?.has(RETURNED_CACHE).catch(() => false))) return;
  if (await (await import('./give-back')).takeReturned()) announce(returned);
}

/** Sends a kept story now and whenever the connection returns; `tell` shows her what happened. */
export function startSendingKept(tell: (message: string) => void) {
  announce = tell;
  navigator.serviceWorker?.addEventListener('message', ({ data }) => {
    // `{ type, key }`; the bare name from a worker of an earlier version.
    if (data === SENT_MESSAGE || data?.type === SENT_MESSAGE) confirmed(data?.key);
    if (data === RETURNED_MESSAGE) void takeReturned();
  });
  addEventListener('online', () => void sendKept(true));
  void sendKept();
  void takeReturned().catch(() => {});
}
