import { describe, expect, it } from 'vitest';
import { nextTabIndex } from '../../src/lib/tab-keys';

describe('nextTabIndex (WAI-ARIA tabs pattern)', () => {
  it('moves right and left, wrapping at the ends', () => {
    expect(nextTabIndex('ArrowRight', 0, 5)).toBe(1);
    expect(nextTabIndex('ArrowRight', 4, 5)).toBe(0);
    expect(nextTabIndex('ArrowLeft', 0, 5)).toBe(4);
  });

  it('jumps to the first and last tab with Home and End', () => {
    expect(nextTabIndex('Home', 3, 5)).toBe(0);
    expect(nextTabIndex('End', 1, 5)).toBe(4);
  });

  it('ignores other keys, so Tab leaves the tab list', () => {
    expect(nextTabIndex('Tab', 2, 5)).toBeUndefined();
    expect(nextTabIndex('Enter', 2, 5)).toBeUndefined();
  });
});
