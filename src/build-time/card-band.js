// One band of a share card's rows, as a PNG stores them and compressed on its own (card-png.ts
// joins the bands into a card). Plain JavaScript: the thread that draws the bands
// (card-band-worker.js) loads it as it is, without the build's bundler.
import { constants, deflateRawSync } from 'node:zlib';

/**
 * Rows of a picture, as a PNG stores them, compressed on their own.
 * @typedef {object} PackedBand
 * @property {Uint8Array} deflated Deflate blocks ending in a full flush: no final block, nothing owed to what comes before.
 * @property {number} adler Adler-32 of the uncompressed rows.
 * @property {number} length How many bytes the rows take uncompressed.
 */

/** @typedef {readonly [number, number, number]} Rgb */

// Level 7: a card's own band in 3 ms rather than level 8's 9, for about 1 KB more per card (the
// site's 207 cards average 12.9 KB against 11.9). With a thousand stories, level 8 made the cold
// build about a fifth slower (docs/decisions.md, "A cold build of a large site"). Cards stay about
// as small as libvips wrote them (13 KB), and a card is fetched when a link is shared, not each
// time a page is read.
export const DEFLATE_LEVEL = 7;
const ADLER_MOD = 65521;

/**
 * Adler-32 of `bytes` (RFC 1950, 8.2).
 * @param {Uint8Array} bytes
 * @returns {number}
 */
export function adler32(bytes) {
  let a = 1;
  let b = 0;
  // 3,800 bytes at most between reductions keep both sums exact in a double.
  for (let start = 0; start < bytes.length; start += 3800) {
    const end = Math.min(start + 3800, bytes.length);
    for (let i = start; i < end; i += 1) {
      a += bytes[i];
      b += a;
    }
    a %= ADLER_MOD;
    b %= ADLER_MOD;
  }
  return (b * 65536 + a) >>> 0;
}

/**
 * The palette index of each 32-bit RGBA value, found once per colour (a card has about 1,300).
 * @param {readonly Rgb[]} palette
 * @returns {(rgba: number) => number}
 */
function nearestIndex(palette) {
  const found = new Map();
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

// A build has one palette, but it reaches the drawing thread as a fresh copy with every band.
const indexers = new Map();

/**
 * `rgba` (width × rows × 4 bytes) as PNG rows of 4-bit palette indices, each led by filter type 0,
 * each pixel the nearest colour of `palette` (at most 16), compressed to a full flush.
 * @param {Uint8Array} rgba
 * @param {number} width
 * @param {readonly Rgb[]} palette
 * @returns {PackedBand}
 */
export function packBand(rgba, width, palette) {
  if (palette.length > 16) throw new Error(`a 4-bit PNG holds 16 colours, not ${palette.length}`);
  const key = palette.join(' ');
  let indexOf = indexers.get(key);
  if (!indexOf) indexers.set(key, (indexOf = nearestIndex(palette)));
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
      let colour = pixels[pixel];
      if (colour !== lastColour) {
        lastColour = colour;
        lastIndex = indexOf(colour);
      }
      let byte = lastIndex << 4;
      if (pixel + 1 < rowEnd) {
        colour = pixels[pixel + 1];
        if (colour !== lastColour) {
          lastColour = colour;
          lastIndex = indexOf(colour);
        }
        byte |= lastIndex;
      }
      rows[at++] = byte;
    }
  }
  // Synchronous: it runs on the drawing thread, which has nothing else to do meanwhile.
  const deflated = deflateRawSync(rows, { level: DEFLATE_LEVEL, finishFlush: constants.Z_FULL_FLUSH });
  return { deflated, adler: adler32(rows), length: rows.length };
}
