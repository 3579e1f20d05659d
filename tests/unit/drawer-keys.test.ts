import { describe, expect, it } from 'vitest';
import { shouldCloseOnKey } from '../../src/lib/drawer-keys';

describe('shouldCloseOnKey (specification §2: any key but Tab and Shift closes the drawer)', () => {
  it('keeps the drawer open for Tab and Shift', () => {
    expect(shouldCloseOnKey('Tab', true)).toBe(false);
    expect(shouldCloseOnKey('Shift', false)).toBe(false);
  });

  it('closes on Escape, letters and arrows', () => {
    for (const key of ['Escape', 'a', 'ArrowDown', 'Home']) expect(shouldCloseOnKey(key, false)).toBe(true);
  });

  it('lets Enter and Space activate a focused link or button, whose click closes the drawer', () => {
    expect(shouldCloseOnKey('Enter', true)).toBe(false);
    expect(shouldCloseOnKey(' ', true)).toBe(false);
    expect(shouldCloseOnKey('Enter', false)).toBe(true);
  });
});
