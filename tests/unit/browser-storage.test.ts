// Storage that throws, is missing or is full must read as "nothing kept", never as an exception:
// an exception inside an island makes React remove the island from the page.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readItem, removeItem, writeItem } from '../../src/browser/storage';

function memoryStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe('guarded storage', () => {
  it('keeps, reads and removes a value where storage works', () => {
    vi.stubGlobal('localStorage', memoryStorage());
    expect(writeItem('k', 'v')).toBe(true);
    expect(readItem('k')).toBe('v');
    expect(removeItem('k')).toBe(true);
    expect(readItem('k')).toBeUndefined();
  });

  it('reads nothing and keeps nothing where reaching localStorage throws (site data blocked)', () => {
    Object.defineProperty(globalThis, 'localStorage', {
      configurable: true,
      get() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    try {
      expect(readItem('k')).toBeUndefined();
      expect(writeItem('k', 'v')).toBe(false);
      expect(removeItem('k')).toBe(false);
    } finally {
      // @ts-expect-error the test's own property, removed again
      delete globalThis.localStorage;
    }
  });

  it('reads nothing and keeps nothing where localStorage is null (WebViews without DOM storage)', () => {
    vi.stubGlobal('localStorage', null);
    expect(readItem('k')).toBeUndefined();
    expect(writeItem('k', 'v')).toBe(false);
    expect(removeItem('k')).toBe(false);
  });

  it('says a value was not kept when storage is full', () => {
    vi.stubGlobal('localStorage', {
      ...memoryStorage(),
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError');
      },
    });
    expect(writeItem('k', 'v')).toBe(false);
  });
});
