import { describe, expect, it } from 'vitest';
import { savesData } from '../../src/lib/saves-data';

describe('whether the phone asks us to save her data', () => {
  it('does when Data Saver is on, whatever the connection', () => {
    expect(savesData({ saveData: true, effectiveType: '4g' })).toBe(true);
  });

  it.each(['slow-2g', '2g'])('does on a %s connection', (effectiveType) => {
    expect(savesData({ saveData: false, effectiveType })).toBe(true);
  });

  it.each(['3g', '4g'])('does not on %s with Data Saver off', (effectiveType) => {
    expect(savesData({ saveData: false, effectiveType })).toBe(false);
  });

  it('does not where the browser says nothing of its connection', () => {
    expect(savesData(undefined)).toBe(false);
    expect(savesData({})).toBe(false);
  });
});
