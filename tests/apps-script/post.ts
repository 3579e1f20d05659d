// Requests to the collector as the site's pages make them, for the unit tests
// (tests/unit/apps-script*.test.ts): JSON as text/plain with the key in the address.
import { postEvent, type Collector } from './collector';

/** The collector's JSON answer (docs/stories.md, "How a story leaves the phone"). */
export interface Answer {
  ok: boolean;
  outcome: 'saved' | 'refused' | 'retry' | 'incomplete';
  error?: string;
  fields?: Record<string, string>;
  have?: number[];
}

export const SAVED = { ok: true, outcome: 'saved' };

/** A POST as the form's script sends it: JSON as text/plain, the key in the address. */
export function postJson(collector: Collector, body: unknown, query: Record<string, string> = {}): Answer {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  const output = collector.doPost(postEvent(new URLSearchParams(query), text, 'text/plain;charset=UTF-8'));
  if (output.mimeType !== 'application/json') throw new Error(`Not the collector's JSON: ${output.mimeType} ${output.content.slice(0, 200)}`);
  return JSON.parse(output.content) as Answer;
}

/** The Stories sheet's rows below its header. */
export const rows = (collector: Collector) => collector.sheet('Stories')?.rows.slice(1) ?? [];

/**
 * Bytes that stand for a WebM recording: its EBML header, then every value a byte can take in
 * turn, so a sign, an offset or a part lost or swapped shows.
 */
export function webmBytes(size: number) {
  const bytes = Buffer.from(Array.from({ length: size }, (_, i) => (i * 7 + (i >> 8)) % 256));
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3]).copy(bytes);
  return bytes;
}
