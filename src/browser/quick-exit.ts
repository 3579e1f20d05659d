// Quick exit (docs/help.md): Exit this page, or Shift pressed three times, blanks the page at once,
// removes the story she was typing, stops any reading aloud and replaces this page in the tab's
// history with a neutral site, so Back does not bring it back. A plain script, not an island: it
// works before any island and with none. Without JavaScript the control is a plain link there.
// What she typed or recorded is removed by `forget`, which the page hands in (HelpBar.astro): the
// story's own folder knows what it keeps, and the browser's helpers stay below it.
import { EXIT_WINDOW_MS, NO_PRESSES, countKeyUp, type ShiftCount } from '../lib/exit-keys';
import { stopSpeaking } from './speech';

const link = document.querySelector<HTMLAnchorElement>('a[data-quick-exit]');
const status = document.querySelector<HTMLElement>('[data-quick-exit-status]');
const cover = document.querySelector<HTMLElement>('[data-quick-exit-cover]');

/** What the page hid to leave, to show again should the browser bring it back from its cache. */
let hidden: HTMLElement[] = [];
let title = '';
let noReferrer: HTMLMetaElement | undefined;

let count: ShiftCount = NO_PRESSES;
/** Removes what she typed or recorded; synchronous, so the navigation cannot cut it off. */
let forget = () => {};
let windowTimer: ReturnType<typeof setTimeout> | undefined;
let clearTimer: ReturnType<typeof setTimeout> | undefined;

/** Says `message` in the live region (the words are in the region's data-* attributes). */
function announce(message: string | undefined) {
  clearTimeout(clearTimer);
  if (status) status.textContent = message ?? '';
}

/** Hides every part of the page behind a blank cover: not only covered, so no one can Tab behind it. */
function blankPage() {
  if (!cover) return;
  cover.hidden = false;
  hidden = [...document.body.children].filter((el): el is HTMLElement => el instanceof HTMLElement && el !== cover && !el.hidden);
  for (const el of hidden) el.hidden = true;
  title = document.title;
  document.title = '';
  // Set after it shows: a screen reader announces a change to a live region it already knows.
  const alert = cover.querySelector('[role="alert"]');
  if (alert) alert.textContent = cover.dataset.leaving ?? '';
}

/** Leaves the site: every step is synchronous, so none is cut off by the navigation. */
function leave(event?: Event) {
  if (!link) return;
  event?.preventDefault();
  blankPage();
  stopSpeaking();
  forget();
  // The neutral site is not told where she came from, not even this site's name.
  noReferrer = Object.assign(document.createElement('meta'), { name: 'referrer', content: 'no-referrer' });
  document.head.append(noReferrer);
  location.replace(link.href);
}

function resetPresses(message?: string) {
  clearTimeout(windowTimer);
  windowTimer = undefined;
  count = NO_PRESSES;
  announce(message);
  if (message) clearTimer = setTimeout(() => announce(''), EXIT_WINDOW_MS);
}

function onKeyUp(event: KeyboardEvent) {
  const next = countKeyUp(count, event);
  count = next.count;
  if (next.outcome === 'exit') {
    resetPresses();
    leave();
  } else if (next.outcome === 'counted') {
    announce(count.presses === 1 ? status?.dataset.twoMore : status?.dataset.oneMore);
    // The window opens at the first press: three presses within 5 seconds of it.
    windowTimer ??= setTimeout(() => resetPresses(status?.dataset.expired), EXIT_WINDOW_MS);
  } else if (next.outcome === 'reset') {
    resetPresses(status?.dataset.expired);
  }
}

/** A page the browser shows again from its back-forward cache must never stay blank. */
function showPageAgain() {
  if (cover) {
    cover.hidden = true;
    const alert = cover.querySelector('[role="alert"]');
    if (alert) alert.textContent = '';
  }
  for (const el of hidden) el.hidden = false;
  hidden = [];
  if (title) document.title = title;
  noReferrer?.remove();
  resetPresses();
}

/** Arms Exit this page and the three Shift presses; `forgetStory` removes her words and recordings. */
export function startQuickExit(forgetStory: () => void) {
  if (!link) return;
  forget = forgetStory;
  link.addEventListener('click', leave);
  document.addEventListener('keyup', onKeyUp, true);
  addEventListener('pageshow', (event) => {
    if (event.persisted) showPageAgain();
  });
}
