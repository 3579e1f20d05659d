// Quick exit's keyboard shortcut (docs/help.md): Shift pressed three times within 5 seconds, as
// GOV.UK's "Exit this page" does. Counted on keyup, and a Shift released after typing a capital
// letter does not count, so writing a story never leaves the page by accident.

/** Shift presses that leave the page. */
export const PRESSES_TO_EXIT = 3;
/** The presses must all fall within this time of the first one. */
export const EXIT_WINDOW_MS = 5000;

export interface ShiftCount {
  /** Shift presses counted so far. */
  presses: number;
  /** The last key released was pressed with Shift held (a capital letter): its Shift is not a press. */
  afterShifted: boolean;
}

export const NO_PRESSES: ShiftCount = { presses: 0, afterShifted: false };

/** What a released key did: counted a press, left the page, cancelled a count, or nothing. */
export type KeyOutcome = 'counted' | 'exit' | 'reset' | 'none';

/** The count after a key is released, and what that did. */
export function countKeyUp(count: ShiftCount, key: { key: string; shiftKey: boolean }): { count: ShiftCount; outcome: KeyOutcome } {
  const afterShifted = key.shiftKey;
  if (key.key === 'Shift' && !count.afterShifted) {
    const presses = count.presses + 1;
    if (presses >= PRESSES_TO_EXIT) return { count: { presses: 0, afterShifted }, outcome: 'exit' };
    return { count: { presses, afterShifted }, outcome: 'counted' };
  }
  if (key.key === 'Shift') return { count: { ...count, afterShifted }, outcome: 'none' };
  return { count: { presses: 0, afterShifted }, outcome: count.presses > 0 ? 'reset' : 'none' };
}
