// The pure parts of help and safety (docs/help.md): the Shift shortcut's count, the pieces Listen
// speaks, the voice it picks, the WhatsApp link, the bold names of buttons and the helplines.
import { describe, expect, it } from 'vitest';
import { NO_PRESSES, countKeyUp, type ShiftCount } from '../../src/lib/exit-keys';
import { boldRuns } from '../../src/lib/emphasis';
import { helplinesIn, telHref, type Helpline } from '../../src/lib/helplines';
import { MAX_PIECE, sentenceSpans, sentences, spoken } from '../../src/lib/sentences';
import { shareText, whatsAppChatHref, whatsAppHref } from '../../src/lib/share-links';
import { speechLang, voiceFor, wantedVoices } from '../../src/lib/voices';
import { edition, type Locale } from '../../src/lib/editions';

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

describe('sentences (what Listen speaks at a time)', () => {
  it('splits English text at full stops, question and exclamation marks', () => {
    expect(sentences('She spoke. Did they listen? Yes! They did')).toEqual(['She spoke.', 'Did they listen?', 'Yes!', 'They did']);
  });

  it('splits Hindi text at the danda', () => {
    expect(sentences('वह गाँव की सरपंच बनीं। उन्होंने स्कूल खुलवाया।')).toEqual(['वह गाँव की सरपंच बनीं।', 'उन्होंने स्कूल खुलवाया।']);
  });

  it('keeps a closing quote with its sentence and treats each line on its own', () => {
    expect(sentences('She said, "Go to school." Then she left\nA new line')).toEqual(['She said, "Go to school."', 'Then she left', 'A new line']);
  });

  it('cuts a long sentence at commas, then spaces, into pieces short enough to speak', () => {
    const long = `${'word '.repeat(30).trim()}, ${'more '.repeat(40).trim()}.`;
    const pieces = sentences(long);
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(piece.length).toBeLessThanOrEqual(MAX_PIECE);
    expect(pieces.join(' ')).toBe(long);
  });

  it('drops pieces with nothing to say', () => {
    expect(sentences('...\n\n  \n— . Real words.')).toEqual(['Real words.']);
  });

  it('reads an address or a number with a point in it as one word, not as two sentences', () => {
    expect(sentences('Tap it and google.com opens in its place. It is www.google.com, 1.5 km away.')).toEqual([
      'Tap it and google.com opens in its place.',
      'It is www.google.com, 1.5 km away.',
    ]);
    expect(sentences('लिखें: contact@stree.example पर। फिर भेजें।')).toEqual(['लिखें: contact@stree.example पर।', 'फिर भेजें।']);
  });

  it('finds each piece where it is in the text, so the page can highlight the words being spoken', () => {
    const text = '  She spoke.\n  Did they   listen? ';
    const spans = sentenceSpans(text);
    expect(spans.map((span) => text.slice(...span))).toEqual(['She spoke.', 'Did they   listen?']);
    expect(spans[0]![0]).toBe(2);
  });
});

describe('spoken (the words a voice is given)', () => {
  it('leaves out the signs she sees but should not hear', () => {
    expect(spoken('Tap ⋮ (three dots, top right).')).toBe('Tap (three dots, top right).');
    expect(spoken('नीचे दाईं ओर ≡ (तीन लाइनें) दबाएँ।', 'hi')).toBe('नीचे दाईं ओर (तीन लाइनें) दबाएँ।');
    expect(spoken('Wait… 🔊 ▶ then go')).toBe('Wait then go');
  });

  it('says STREE as the word stree, in Hindi as स्त्री, and once where both are written', () => {
    expect(spoken('Someone at STREE reads every story.')).toBe('Someone at Stree reads every story.');
    expect(spoken('STREE तक पहुँच जाती है', 'hi')).toBe('स्त्री तक पहुँच जाती है');
    expect(spoken('स्त्री (STREE) एम्पावर भारत की एक पहल है।', 'hi')).toBe('स्त्री एम्पावर भारत की एक पहल है।');
    expect(spoken('Salaam Stree, a STREE (स्त्री) story', 'en')).toBe('Salaam Stree, a Stree story');
    expect(spoken('STREEની વેબસાઇટ પર', 'gu')).toBe('સ્ત્રીની વેબસાઇટ પર');
    expect(spoken('સ્ત્રી (STREE) એમ્પાવર ભારતની પહેલ છે.', 'gu-IN')).toBe('સ્ત્રી એમ્પાવર ભારતની પહેલ છે.');
  });

  it('keeps what a voice should say: +91, rupees, words with capitals', () => {
    expect(spoken('Call +91 98765 43210 for ₹50. SMS only')).toBe('Call +91 98765 43210 for ₹50. SMS only');
  });
});

describe('voiceFor (Listen only where a voice speaks the page’s language)', () => {
  const voice = (lang: string, localService = true) => ({ lang, localService, name: `${lang}${localService ? '' : ' online'}` });
  const voicesOf = (code: Locale) => edition(code).voices;

  it('takes a Hindi or Gujarati voice written hi_IN or gu_IN, as Chrome on Android writes it', () => {
    expect(voiceFor([voice('en-US'), voice('hi_IN')], voicesOf('hi'))?.lang).toBe('hi_IN');
    expect(voiceFor([voice('en-IN'), voice('hi_IN'), voice('gu_IN')], voicesOf('gu'))?.lang).toBe('gu_IN');
  });

  it('never gives one language’s text to another language’s voice', () => {
    expect(voiceFor([voice('en-IN'), voice('en-GB')], voicesOf('hi'))).toBeUndefined();
    expect(voiceFor([voice('hi-IN')], voicesOf('en'))).toBeUndefined();
    expect(voiceFor([voice('en-IN'), voice('hi-IN'), voice('mr-IN')], voicesOf('gu'))).toBeUndefined();
    expect(voiceFor([voice('gu-IN')], voicesOf('hi'))).toBeUndefined();
    expect(voiceFor([], voicesOf('en'))).toBeUndefined();
    // A tag is a language, not a prefix of one: gsw (Swiss German) is not gu.
    expect(voiceFor([voice('gsw-CH')], voicesOf('gu'))).toBeUndefined();
  });

  it('prefers the Indian variant, then a voice on the phone over one that needs the internet', () => {
    expect(voiceFor([voice('en-US'), voice('en-IN', false), voice('en-GB')], voicesOf('en'))?.name).toBe('en-IN online');
    expect(voiceFor([voice('en-US', false), voice('en-GB')], voicesOf('en'))?.name).toBe('en-GB');
    expect(voiceFor([voice('gu', false), voice('gu-IN', false)], voicesOf('gu'))?.name).toBe('gu-IN online');
  });

  it('tags every utterance with the edition’s voice language', () => {
    expect(speechLang(voicesOf('hi'))).toBe('hi-IN');
    expect(speechLang(voicesOf('en'))).toBe('en-IN');
    expect(speechLang(voicesOf('gu'))).toBe('gu-IN');
  });

  it('reads the voices a page names on its Listen button', () => {
    expect(wantedVoices('gu-IN gu')).toEqual(['gu-IN', 'gu']);
    expect(wantedVoices(undefined)).toEqual([]);
  });
});

describe('the share links', () => {
  it('give WhatsApp the title and the address, encoded, with no number so she picks the chat', () => {
    const url = 'https://stree.example/salaamstree/Safety%20&%20Justice/0/';
    expect(shareText('Bhanwari Devi | STREE', url)).toBe(`Bhanwari Devi | STREE ${url}`);
    // What the browser sends when she follows it (the URL parser encodes the letters as UTF-8)...
    const hindi = whatsAppHref('भंवरी देवी', url);
    expect(new URL(hindi).href).toBe(`https://wa.me/?text=${encodeURIComponent(`भंवरी देवी ${url}`).replace(/%3A/g, ':').replace(/%2F/g, '/')}`);
    expect(new URL(hindi).searchParams.get('text')).toBe(`भंवरी देवी ${url}`);
    // ...from a page that holds the letters as they are, 3 bytes each rather than 9.
    expect(hindi).toContain('भंवरी%20देवी%20https://stree.example/salaamstree/Safety%2520%26%2520Justice/0/');
    for (const title of ['A & B', 'A + B | C #1 50%', 'ગુજરાતી "કહાણી" <1>']) {
      expect(new URL(whatsAppHref(title, url)).searchParams.get('text')).toBe(`${title} ${url}`);
      // Nothing an address may not hold, or that would end or split its text.
      expect(whatsAppHref(title, url).replace(/%[0-9A-F]{2}/g, '')).not.toMatch(/[\s"<>#&+|%]/);
    }
  });

  it('open a chat with the organisation by its number: digits with the country code, no plus or spaces', () => {
    expect(whatsAppChatHref('+91 98765 43210')).toBe('https://wa.me/919876543210');
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
    nameGu: 'રાષ્ટ્રીય મહિલા આયોગ',
    purpose: 'Complaints and counselling',
    purposeHi: 'शिकायत और सलाह',
    purposeGu: 'ફરિયાદ અને સલાહ',
    source: 'https://example.org/ncw',
    checked: '2026-11-23',
  };

  it('shows each helpline in the page’s language, with its numbers as dialled', () => {
    expect(helplinesIn([helpline], 'en')).toEqual([{ number: '7827170170', freeNumber: '14490', name: helpline.name, purpose: helpline.purpose }]);
    expect(helplinesIn([helpline], 'hi')).toEqual([{ number: '7827170170', freeNumber: '14490', name: helpline.nameHi, purpose: helpline.purposeHi }]);
    expect(helplinesIn([helpline], 'gu')).toEqual([{ number: '7827170170', freeNumber: '14490', name: helpline.nameGu, purpose: helpline.purposeGu }]);
    expect(telHref('112')).toBe('tel:112');
  });
});
