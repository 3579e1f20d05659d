import { atom } from 'nanostores';

/** Specification §9: the snackbar shows for 3 s. */
export const SNACKBAR_MS = 3000;

export const snackbar = atom('');
let hideTimer: ReturnType<typeof setTimeout> | undefined;

/** Shows `message` for 3 s; a newer message replaces it. */
export function showSnackbar(message: string) {
  clearTimeout(hideTimer);
  snackbar.set(message);
  hideTimer = setTimeout(() => snackbar.set(''), SNACKBAR_MS);
}
