/** Keys that leave the drawer open: moving focus is not a reason to close (specification §2). */
const KEEP_OPEN_KEYS = new Set(['Tab', 'Shift']);
/** Keys that activate the focused control: its click handler decides, not the key. */
const ACTIVATION_KEYS = new Set(['Enter', ' ']);

/** Whether a key press inside the open drawer should close it. */
export function shouldCloseOnKey(key: string, targetIsControl: boolean): boolean {
  if (KEEP_OPEN_KEYS.has(key)) return false;
  if (targetIsControl && ACTIVATION_KEYS.has(key)) return false;
  return true;
}
