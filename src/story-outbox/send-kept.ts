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
import { clearDraft, hasWords, loadDraft, saveDraft } from './draft';
import { RETURNED_CACHE, RETURNED_EVENT, RETURNED_MESSAGE, SENT_EVENT, SENT_MESSAGE } from './contract.js';

const section = document.querySelector<HTMLElement>('[data-story-endpoint]');
const endpoint = section?.dataset.storyEndpoint;
const { sentLater = '', returned = '' } = section?.dataset ?? {};
let isSending = false;
let announce: (message: string) => void = () => {};

function announceSent() {
  announce(sentLater);
  dispatchEvent(new CustomEvent(SENT_EVENT));
}

/** Puts refused words (and her recording) back in the form, with what the collector said; false if her newer words are there. */
function giveBack(story: StoryFields, detail: string, recording?: string) {
  const draft = loadDraft();
  if (draft && hasWords(draft) && !draft.outbox) return false;
  saveDraft({ ...story, ...(recording ? { recording } : {}), returned: detail });
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
  const result = await sendStory(endpoint, kept.story, {
    key: kept.key, isOnline: () => navigator.onLine, recording: await recordings?.keptBody(kept.recording!),
  });
  isSending = false;
  // Typing since then saved a new draft without this story: leave her new words alone.
  const isStillKept = loadDraft()?.outbox?.key === kept.key;
  if (result.ok) {
    if (isStillKept) clearDraft();
    // Its recording is no longer needed on the phone; a newer one in her draft stays.
    void recordings?.forgetRecordings(isStillKept ? [] : [loadDraft()?.recording]);
    // Queued means our service worker has it now, and says so itself once it is sent.
    // After quick exit nothing of her story may show again, not even that it went.
    if (!result.queued && !kept.quiet) announceSent();
    return;
  }
  if ((CONNECTION_FAILURES as readonly string[]).includes(result.reason) || !isStillKept) return; // the next connection or visit tries again
  // After quick exit nothing may show: a story the collector refused goes; one the browser would
  // not send stays kept, unseen, for a later visit.
  if (kept.quiet) {
    if (result.reason === 'rejected') {
      clearDraft();
      void recordings?.forgetRecordings();
    }
    return;
  }
  giveBack(kept.story, detailOf(result), kept.recording);
}

/** Stories the service worker's queue could not deliver (src/story-outbox/worker-queue.ts), one at a time. */
async function takeReturned() {
  if (!(await globalThis.caches?.has(RETURNED_CACHE).catch(() => false))) return;
  const cache = await caches.open(RETURNED_CACHE);
  const [request] = (await cache.keys()).filter(({ url }) => url.includes('/__returned/'));
  if (!request) return;
  const { story, detail } = (await (await cache.match(request))!.json()) as { story: StoryFields & { Recording?: RecordingBody }; detail: string };
  // Its recording goes back on the phone, as a file beside the draft, never into the draft itself.
  const { Recording, ...words } = story;
  const recordings = Recording && (await import('./recordings'));
  const recording = recordings && (await recordings.keepBody(Recording!));
  if (giveBack(words, detail, recording)) await cache.delete(request);
  else void recordings?.forgetRecordings([loadDraft()?.recording]);
}

/** Sends a kept story now and whenever the connection returns; `tell` shows her what happened. */
export function startSendingKept(tell: (message: string) => void) {
  announce = tell;
  navigator.serviceWorker?.addEventListener('message', (event) => {
    if (event.data === SENT_MESSAGE) announceSent();
    if (event.data === RETURNED_MESSAGE) void takeReturned();
  });
  addEventListener('online', () => void sendKept());
  void sendKept();
  void takeReturned().catch(() => {});
}
