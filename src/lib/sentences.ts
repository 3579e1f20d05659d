// What Listen speaks, one piece at a time (docs/help.md): some phones cut an utterance off after
// about 15 seconds, and Android cannot pause one, so it reads sentence by sentence and can go on
// from the sentence it reached. The pieces are found as places in the text, so the page can
// highlight the very words being spoken.

/** Longest piece spoken at once, in characters: well under 15 seconds of speech. */
export const MAX_PIECE = 160;

/** A sentence ends at . ! ? or the Hindi danda (।), with any closing quote or bracket. */
const SENTENCE = /[^.!?।]+(?:[.!?।]+["'”’)\]]*|$)/g;
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

/** The words of a span as they are spoken: white space of any kind is one space. */
export const spoken = (text: string) => text.replace(/\s+/g, ' ');

/** The pieces to speak for `text`, in order: sentences, long ones cut, no empty pieces. */
export function sentences(text: string, max = MAX_PIECE): string[] {
  const single = text.replace(/[^\S\n]+/g, ' ');
  return sentenceSpans(single, max).map((span) => single.slice(...span));
}
