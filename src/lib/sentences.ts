// What Listen speaks, one piece at a time (docs/help.md): some phones cut an utterance off after
// about 15 seconds, and Android cannot pause one, so it reads sentence by sentence and can go on
// from the sentence it reached.

/** Longest piece spoken at once, in characters: well under 15 seconds of speech. */
export const MAX_PIECE = 160;

/** A sentence ends at . ! ? or the Hindi danda (।), with any closing quote or bracket. */
const SENTENCE = /[^.!?।]+(?:[.!?।]+["'”’)\]]*|$)/g;

/** Cuts a long sentence at commas, then at spaces, into pieces of at most `max` characters. */
function cut(sentence: string, max: number): string[] {
  if (sentence.length <= max) return [sentence];
  const pieces: string[] = [];
  let rest = sentence;
  while (rest.length > max) {
    const window = rest.slice(0, max + 1);
    const at = Math.max(window.lastIndexOf(', '), window.lastIndexOf('; '), window.lastIndexOf(': '));
    const space = window.lastIndexOf(' ');
    const end = at > max / 3 ? at + 1 : space > 0 ? space : max;
    pieces.push(rest.slice(0, end).trim());
    rest = rest.slice(end).trim();
  }
  if (rest) pieces.push(rest);
  return pieces;
}

/** The pieces to speak for `text`, in order: sentences, long ones cut, no empty pieces. */
export function sentences(text: string, max = MAX_PIECE): string[] {
  return text
    .split(/\n+/)
    .flatMap((line) => line.replace(/\s+/g, ' ').match(SENTENCE) ?? [])
    .map((sentence) => sentence.trim())
    .filter((sentence) => /[\p{L}\p{N}]/u.test(sentence))
    .flatMap((sentence) => cut(sentence, max));
}
