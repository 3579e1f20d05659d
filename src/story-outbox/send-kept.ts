// A story she submitted while the connection was down is kept with her draft (src/lib/story-draft.ts).
// Where no service worker took it, this sends it as soon as the page opens online, or when the
// connection comes back: a plain script, because the form island wakes only once scrolled to.
import { sendStory } from './send';
import { clearDraft, loadDraft } from './draft';
import { SENT_EVENT, SENT_MESSAGE } from './contract.js';
import { showSnackbar } from '../stores/snackbar';

const section = document.querySelector<HTMLElement>('[data-story-endpoint]');
const endpoint = section?.dataset.storyEndpoint;
const sentMessage = section?.dataset.sentLater ?? '';
let isSending = false;

function announceSent() {
  showSnackbar(sentMessage);
  dispatchEvent(new CustomEvent(SENT_EVENT));
}

async function sendKept() {
  const kept = loadDraft()?.outbox;
  if (!endpoint || !kept || !navigator.onLine || isSending) return;
  isSending = true;
  const result = await sendStory(endpoint, kept.story, { key: kept.key, isOnline: () => navigator.onLine });
  isSending = false;
  if (!result.ok) return; // still kept: the next connection or visit tries again
  // Typing since then saved a new draft without this story: leave her new words alone.
  if (loadDraft()?.outbox?.key === kept.key) clearDraft();
  // Queued means our service worker has it now, and says so itself once it is sent.
  // After quick exit nothing of her story may show again, not even that it went.
  if (!result.queued && !kept.quiet) announceSent();
}

navigator.serviceWorker?.addEventListener('message', (event) => {
  if (event.data === SENT_MESSAGE) announceSent();
});
addEventListener('online', () => void sendKept());
void sendKept();
