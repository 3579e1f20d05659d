// The pure parts of help and safety (docs/help.md): the Shift shortcut's count, the bold names of
// buttons and the helplines.
import { describe, expect, it } from 'vitest';
import { NO_PRESSES, countKeyUp, type ShiftCount } from '../../src/lib/exit-keys';
import { boldRuns } from '../../src/lib/emphasis';
import { helplinesIn, telHref, type Helpline } from '../../src/lib/helplines';

/** The outcomes of releasing `keys` in turn, each written as key or Shift+key (released with Shift held). */
function outcomes(...keys: string[]) {
  let count: ShiftCount = NO_PRESSES;
  return keys.map((written) => {
    const [shiftKey, key] = written.startsWith('Shift+') ? [true, written.slice(6)] : [false, written];
    const next = countKeyUp(count, { key, shiftKey });
    count = next.count;
    return next.outcome;
  });
}

describe('countKeyUp (quick exit: Shift three times)', () => {
  it('leaves on the third Shift', () => {
    expect(outcomes('Shift', 'Shift', 'Shift')).toEqual(['counted', 'counted', 'exit']);
  });

  it('starts again after any other key', () => {
    expect(outcomes('Shift', 'Shift', 'a', 'Shift', 'Shift')).toEqual(['counted', 'counted', 'reset', 'counted', 'counted']);
  });

  it('does not count the Shift released after a capital letter', () => {
    expect(outcomes('Shift+A', 'Shift', 'Shift', 'Shift')).toEqual(['none', 'none', 'counted', 'counted']);
  });

  it('says nothing of a key pressed when no count was running', () => {
    expect(outcomes('a', 'Enter')).toEqual(['none', 'none']);
  });

  it('counts again from nothing after leaving', () => {
    expect(outcomes('Shift', 'Shift', 'Shift', 'Shift')).toEqual(['counted', 'counted', 'exit', 'counted']);
  });
});

describe('boldRuns (the names of buttons on the stay-safe page)', () => {
  it('shows the words between ** marks in bold', () => {
    expect(boldRuns('Tap **Settings**, then **Privacy**.')).toEqual([
      { text: 'Tap ', bold: false },
      { text: 'Settings', bold: true },
      { text: ', then ', bold: false },
      { text: 'Privacy', bold: true },
      { text: '.', bold: false },
    ]);
  });

  it('leaves text without marks as it is', () => {
    expect(boldRuns('Plain words.')).toEqual([{ text: 'Plain words.', bold: false }]);
  });
});

describe('helplinesIn', () => {
  const helpline: Helpline = {
    number: '7827170170',
    freeNumber: '14490',
    name: 'National Commission for Women',
    nameHi: 'राष्ट्रीय महिला आयोग',
    purpose: 'Complaints and counselling',
    purposeHi: 'शिकायत और सलाह',
    source: 'https://example.org/ncw',
    checked: '2026-11-23',
  };

  it('shows each helpline in the page’s language, with its numbers as dialled', () => {
    expect(helplinesIn([helpline], 'en')).toEqual([{ number: '7827170170', freeNumber: '14490', name: helpline.name, purpose: helpline.purpose }]);
    expect(helplinesIn([helpline], 'hi')).toEqual([{ number: '7827170170', freeNumber: '14490', name: helpline.nameHi, purpose: helpline.purposeHi }]);
    expect(telHref('112')).toBe('tel:112');
  });
});
