import { atom, onMount } from 'nanostores';
import { SNACKBAR_EVENT } from './snackbar-event';

/** Specification §9: the snackbar shows for 3 s. */
export const SNACKBAR_MS = 3000;

/** The message the snackbar island shows (src/islands/Snackbar.tsx); '' when it is hidden. */
export const snackbar = atom('');
let hideTimer: ReturnType<typeof setTimeout> | undefined;
let isShowing = false;

function hideLater() {
  clearTimeout(hideTimer);
  hideTimer = setTimeout(() => snackbar.set(''), SNACKBAR_MS);
}

// The island sleeps until a first message, and on 2G its script may take longer than 3 s to
// come: her 3 s start when it is there to show the message, not when the message was written.
onMount(snackbar, () => {
  isShowing = true;
  if (snackbar.get() !== '') hideLater();
  return () => {
    isShowing = false;
  };
});

/** Shows `message` for 3 s; a newer message replaces it. */
export function showSnackbar(message: string) {
  snackbar.set(message);
  // Wakes the island if it sleeps (src/browser/hydrate-on-message.ts).
  dispatchEvent(new Event(SNACKBAR_EVENT));
  if (isShowing) hideLater();
  else clearTimeout(hideTimer);
}
