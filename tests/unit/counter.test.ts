import { describe, expect, it } from 'vitest';
import { counterValue } from '../../src/lib/counter';

describe('counterValue', () => {
  it('counts 0, 1 … up to the target one tick at a time', () => {
    expect([0, 1, 2, 14, 15].map((tick) => counterValue(tick, 15, 3))).toEqual([0, 1, 2, 14, 15]);
  });

  it('holds the target for the hold ticks, then starts again from 0', () => {
    expect([15, 16, 17, 18, 19, 20].map((tick) => counterValue(tick, 15, 3))).toEqual([15, 15, 15, 15, 0, 1]);
  });
});
