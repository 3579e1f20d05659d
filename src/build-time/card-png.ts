// A share card as a 16-colour PNG, written band by band. A PNG's pixels are one zlib stream
// (RFC 1950) of deflate blocks (RFC 1951): a band compressed up to a full flush ends on a byte
// boundary and refers to nothing before it, so bands compressed apart join as bytes, and the
// stream's Adler-32 check joins from theirs. A band that many cards show (the kicker line of a
// category in one edition; a story's title and words, the same in every edition that shows them
// untranslated) is compressed once and copied into each card (share-card.ts).
import { promisify } from 'node:util';
import { constants, crc32, deflateRaw } from 'node:zlib';
import type { Rgb } from './card-palette';

/** Rows of a picture, as a PNG stores them, compressed on their own. */
export interface PackedBand {
  /** Deflate blocks ending in a full flush: no final block, nothing owed to what comes before. */
  deflated: Uint8Array;
  /** Adler-32 of the uncompressed rows. */
  adler: number;
  /** How many bytes the rows take uncompressed. */
  length: number;
}

// Level 7: a card's own band in 3 ms rather than level 8's 9, for about 1 KB more per card (the
// site's 207 cards average 12.9 KB against 11.9). With a thousand stories, level 8 made the cold
// build about a fifth slower (docs/decisions.md, "A cold build of a large site"). Cards stay about
// as small as libvips wrote them (13 KB), and a card is fetched when a link is shared, not each
// time a page is read.
export const DEFLATE_LEVEL = 7;
const ADLER_MOD = 65521;
const compress = promisify(deflateRaw);

/** Adler-32 of `bytes` (RFC 1950, 8.2). */
export function adler32(bytes: Uint8Array): number {
  let a = 1;
  let b = 0;
  // 3,800 bytes at most between reductions keep both sums exact in a double.
  for (let start = 0; start < bytes.length; start += 3800) {
    const end = Math.min(start + 3800, bytes.length);
    for (let i = start; i < end; i += 1) {
      a += bytes[i]!;
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return (b * 65536 + a) >>> 0;
}

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

/** The palette index of each 32-bit RGBA value, found once per colour (a card has about 1,300). */
function nearestIndex(palette: readonly Rgb[]): (rgba: number) => number {
  const found = new Map<number, number>();
  return (rgba) => {
    const known = found.get(rgba);
    if (known !== undefined) return known;
    // Little-endian: red is the lowest byte. Cards are opaque, so alpha plays no part.
    const [r, g, b] = [rgba & 0xff, (rgba >>> 8) & 0xff, (rgba >>> 16) & 0xff];
    let best = 0;
    let bestDistance = Infinity;
    palette.forEach(([pr, pg, pb], index) => {
      const distance = (pr - r) ** 2 + (pg - g) ** 2 + (pb - b) ** 2;
      if (distance < bestDistance) [best, bestDistance] = [index, distance];
    });
    found.set(rgba, best);
    return best;
  };
}

const indexers = new WeakMap<readonly Rgb[], (rgba: number) => number>();

/**
 * `rgba` (width × rows × 4 bytes) as PNG rows of 4-bit palette indices, each led by filter type 0,
 * each pixel the nearest colour of `palette` (at most 16), compressed to a full flush.
 */
export async function packBand(rgba: Uint8Array, width: number, palette: readonly Rgb[]): Promise<PackedBand> {
  if (palette.length > 16) throw new Error(`a 4-bit PNG holds 16 colours, not ${palette.length}`);
  let indexOf = indexers.get(palette);
  if (!indexOf) indexers.set(palette, (indexOf = nearestIndex(palette)));
  const pixels = new Uint32Array(rgba.buffer, rgba.byteOffset, rgba.byteLength / 4);
  const rowCount = pixels.length / width;
  const stride = 1 + Math.ceil(width / 2);
  const rows = new Uint8Array(stride * rowCount);
  // Most neighbours are the same colour: the last one found is tried first.
  let lastColour = -1;
  let lastIndex = 0;
  for (let y = 0; y < rowCount; y += 1) {
    // Each row starts with its filter type, 0, and holds two pixels a byte, the left one high.
    let at = y * stride + 1;
    const rowEnd = (y + 1) * width;
    for (let pixel = y * width; pixel < rowEnd; pixel += 2) {
      let colour = pixels[pixel]!;
      if (colour !== lastColour) {
        lastColour = colour;
        lastIndex = indexOf(colour);
      }
      let byte = lastIndex << 4;
      if (pixel + 1 < rowEnd) {
        colour = pixels[pixel + 1]!;
        if (colour !== lastColour) {
          lastColour = colour;
          lastIndex = indexOf(colour);
        }
        byte |= lastIndex;
      }
      rows[at++] = byte;
    }
  }
  const deflated = await compress(rows, { level: DEFLATE_LEVEL, finishFlush: constants.Z_FULL_FLUSH });
  return { deflated, adler: adler32(rows), length: rows.length };
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
