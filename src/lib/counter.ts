/** Specification §9: the states counter counts to its target one step each 200 ms, then starts again. */
export const COUNTER_STEP_MS = 200;
/** Ticks the final value stays before the count restarts (3 s), so it can be read. */
export const COUNTER_HOLD_TICKS = 15;

/** The number the counter shows after `tick` steps: 0, 1 … target, held, then 0 again. */
export function counterValue(tick: number, target: number, holdTicks = COUNTER_HOLD_TICKS): number {
  const cycle = target + 1 + holdTicks;
  return Math.min(tick % cycle, target);
}
