// What Listen speaks, one piece at a time (docs/help.md): some phones cut an utterance off after
// about 15 seconds, and Android cannot pause one, so it reads sentence by sentence and can go on
// from the sentence it reached. The pieces are found as places in the text, so the page can
// highlight the very words being spoken.

import { EDITIONS } from './editions';

/** Longest piece spoken at once, in characters: well under 15 seconds of speech. */
export const MAX_PIECE = 160;

/**
 * A sentence ends at . ! ? or the Hindi danda (।), with any closing quote or bracket. A full stop
 * followed by a letter is inside a word, not at its end: an address (google.com) or a number (1.5).
 */
const SENTENCE = /(?:[^.!?।]|\.(?!["'”’)\]]*(?:\s|$)))+(?:[.!?।]+["'”’)\]]*|$)/g;
const LINE = /[^\n]+/g;
const SPACE = /\s/;
const SAYABLE = /[\p{L}\p{N}]/u;

/** Where a piece is in the text: from `start` up to, not including, `end`. */
export type Span = [start: number, end: number];

/** The span without the white space at its ends. */
function trimmed(text: string, start: number, end: number): Span {
  while (start < end && SPACE.test(text[start]!)) start += 1;
  while (end > start && SPACE.test(text[end - 1]!)) end -= 1;
  return [start, end];
}

/** Cuts a long sentence at commas, then at spaces, into pieces of at most `max` characters. */
function cut(text: string, [start, end]: Span, max: number): Span[] {
  const pieces: Span[] = [];
  while (end - start > max) {
    const window = text.slice(start, start + max + 1);
    const at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    const space = window.lastIndexOf(' ');
    const length = at > max / 3 ? at + 1 : space > 0 ? space : max;
    pieces.push(trimmed(text, start, start + length));
    start = trimmed(text, start + length, end)[0];
  }
  if (end > start) pieces.push([start, end]);
  return pieces;
}

/**
 * Where the pieces to speak are in `text`, in order: each line on its own, split into sentences,
 * long ones cut, no piece without a letter or a digit.
 */
export function sentenceSpans(text: string, max = MAX_PIECE): Span[] {
  const spans: Span[] = [];
  for (const line of text.matchAll(LINE)) {
    for (const sentence of line[0].matchAll(SENTENCE)) {
      const from = line.index + sentence.index;
      const span = trimmed(text, from, from + sentence[0].length);
      if (SAYABLE.test(text.slice(...span))) spans.push(...cut(text, span, max));
    }
  }
  return spans;
}

/**
 * Signs she sees but should not hear: the menu's ⋮ and ≡, an ellipsis, bullets, and pictures
 * (emoji, arrows, media signs), which a voice reads by their Unicode names. Ranges, not property
 * escapes: an older browser would refuse the whole reader over a property it does not know.
 */
const UNSAID = /[\u2022\u2026\u22EE\u2261\u2190-\u21FF\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u{1F000}-\u{1FAFF}]/gu;

/**
 * The organisation's name as it says it: the word स्त्री ("woman") in each edition's script, never
 * spelt out letter by letter (docs/help.md, "Listen"). Written beside its own script, it is said once.
 */
const NAME = /\bSTREE\b/g;
const saidNameOf = (lang: string) => (EDITIONS.find(({ code }) => lang.toLowerCase().startsWith(code)) ?? EDITIONS[0]).saidName;
const NAME_TWICE = new RegExp(EDITIONS.map(({ saidName }) => `${saidName}\\s*\\(STREE\\)|STREE\\s*\\(${saidName}\\)`).join('|'), 'g');

/**
 * The words of a span as they are spoken in `lang`: white space of any kind is one space, signs
 * are left unsaid, and STREE is said as the word it is.
 */
export function spoken(text: string, lang = 'en') {
  const name = saidNameOf(lang);
  return text.replace(UNSAID, ' ').replace(NAME_TWICE, name).replace(NAME, name).replace(/\s+/g, ' ');
}

/** The pieces to speak for `text`, in order: sentences, long ones cut, no empty pieces. */
export function sentences(text: string, max = MAX_PIECE): string[] {
  const single = text.replace(/[^\S\n]+/g, ' ');
  return sentenceSpans(single, max).map((span) => single.slice(...span));
}
