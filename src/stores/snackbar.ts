import { atom } from 'nanostores';
import { SNACKBAR_EVENT } from './snackbar-event';

/** Specification §9: the snackbar shows for 3 s. */
export const SNACKBAR_MS = 3000;

/** The message the snackbar island shows (src/islands/Snackbar.tsx); '' when it is hidden. */
export const snackbar = atom('');
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows `message` for 3 s; a newer message replaces it. */
export function showSnackbar(message: string) {
  clearTimeout(hideTimer);
  snackbar.set(message);
  // The island sleeps until a first message: this wakes it (src/browser/hydrate-on-message.ts).
  dispatchEvent(new Event(SNACKBAR_EVENT));
  hideTimer = setTimeout(() => snackbar.set(''), SNACKBAR_MS);
}
