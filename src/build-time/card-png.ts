// A share card as a 16-colour PNG, written band by band. A PNG's pixels are one zlib stream
// (RFC 1950) of deflate blocks (RFC 1951): a band compressed up to a full flush ends on a byte
// boundary and refers to nothing before it, so bands compressed apart join as bytes, and the
// stream's Adler-32 check joins from theirs. A band that many cards show (the kicker line of a
// category in one edition; a story's title and words, the same in every edition that shows them
// untranslated) is compressed once and copied into each card (share-card.ts). A band itself is
// packed by card-band.js.
import { crc32 } from 'node:zlib';
import type { Rgb } from './card-palette';
import type { PackedBand } from './card-band.js';

const ADLER_MOD = 65521;

/**
 * The Adler-32 of two runs of bytes one after the other, from theirs and the second's length:
 * the second run's sums start from the first's `a` instead of 1.
 */
export function joinAdler32(first: number, second: number, secondLength: number): number {
  const [a1, b1] = [first & 0xffff, first >>> 16];
  const [a2, b2] = [second & 0xffff, second >>> 16];
  const a = (a1 + a2 + ADLER_MOD - 1) % ADLER_MOD;
  const b = (b1 + b2 + ((secondLength % ADLER_MOD) * ((a1 + ADLER_MOD - 1) % ADLER_MOD))) % ADLER_MOD;
  return (b * 65536 + a) >>> 0;
}

function chunk(type: string, data: Uint8Array): Uint8Array {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(Buffer.from(type, 'latin1'), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

const SIGNATURE = [137, 80, 78, 71, 13, 10, 26, 10];
// zlib's header for a 32 KB window (CMF 0x78, FLG 0xDA: a multiple of 31), and deflate's shortest
// last block: fixed codes holding only the end-of-block code.
const ZLIB_HEADER = [0x78, 0xda];
const LAST_BLOCK = [0x03, 0x00];

/** A PNG of `width` × `height` 4-bit palette pixels from `bands`, top to bottom. */
export function pngFromBands(width: number, height: number, palette: readonly Rgb[], bands: readonly PackedBand[]): Uint8Array {
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([4, 3, 0, 0, 0], 8); // bit depth 4, colour type 3 (palette), deflate, filters per row, no interlace
  const adler = bands.reduce((sum, band) => joinAdler32(sum, band.adler, band.length), 1);
  const check = new Uint8Array(4);
  new DataView(check.buffer).setUint32(0, adler);
  const data = Buffer.concat([Uint8Array.from(ZLIB_HEADER), ...bands.map((band) => band.deflated), Uint8Array.from(LAST_BLOCK), check]);
  return Buffer.concat([
    Uint8Array.from(SIGNATURE),
    chunk('IHDR', header),
    chunk('PLTE', Uint8Array.from(palette.flat())),
    chunk('IDAT', data),
    chunk('IEND', new Uint8Array(0)),
  ]);
}
