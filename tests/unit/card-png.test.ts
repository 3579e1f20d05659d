import sharp from 'sharp';
import { inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { joinAdler32, pngFromBands } from '../../src/build-time/card-png';
import { adler32, packBand } from '../../src/build-time/card-band.js';
import { paletteFor, type Rgb } from '../../src/build-time/card-palette';

/** RGBA bytes of `width` × n pixels, each given as an [r, g, b]. */
const rgba = (pixels: Rgb[]) => Uint8Array.from(pixels.flatMap(([r, g, b]) => [r, g, b, 255]));

/** The IDAT data of a PNG: its zlib stream. */
function zlibStreamOf(png: Uint8Array): Buffer {
  const bytes = Buffer.from(png);
  const parts: Buffer[] = [];
  for (let at = 8; at < bytes.length; ) {
    const length = bytes.readUInt32BE(at);
    if (bytes.toString('latin1', at + 4, at + 8) === 'IDAT') parts.push(bytes.subarray(at + 8, at + 8 + length));
    at += 12 + length;
  }
  return Buffer.concat(parts);
}

const RED: Rgb = [200, 20, 40];
const WHITE: Rgb = [255, 255, 255];
const GREEN: Rgb = [20, 120, 40];

describe('Adler-32', () => {
  it('gives the check RFC 1950 defines ("Wikipedia" → 0x11E60398)', () => {
    expect(adler32(Buffer.from('Wikipedia', 'ascii'))).toBe(0x11e60398);
  });

  it('joins the checks of two runs into the check of both, however long', () => {
    const first = Buffer.alloc(70_000, 0xff);
    const second = Buffer.from(Array.from({ length: 100_003 }, (_, i) => (i * 7) % 256));
    expect(joinAdler32(adler32(first), adler32(second), second.length)).toBe(adler32(Buffer.concat([first, second])));
  });
});

describe('a PNG written band by band', () => {
  it('decodes to the pixels it was given, each band compressed on its own', async () => {
    const width = 5;
    const top = [RED, WHITE, WHITE, GREEN, RED];
    const middle = [WHITE, WHITE, WHITE, WHITE, WHITE, GREEN, GREEN, RED, RED, WHITE];
    const bottom = [GREEN, GREEN, GREEN, GREEN, GREEN];
    const palette = [WHITE, RED, GREEN];
    const bands = [top, middle, bottom].map((rows) => packBand(rgba(rows), width, palette));
    const png = pngFromBands(width, 4, palette, bands);

    // A reader checks the stream's Adler-32 as it inflates: a wrongly joined check fails here.
    expect(() => inflateSync(zlibStreamOf(png))).not.toThrow();
    const { data, info } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect({ width: info.width, height: info.height }).toEqual({ width, height: 4 });
    expect([...data]).toEqual([...top, ...middle, ...bottom].flat());
  });

  it('gives each pixel the nearest colour of its palette', async () => {
    const palette = [WHITE, RED];
    const band = packBand(rgba([[250, 250, 250], [190, 30, 50]]), 2, palette);
    const { data } = await sharp(pngFromBands(2, 1, palette, [band])).removeAlpha().raw().toBuffer({ resolveWithObject: true });
    expect([...data]).toEqual([...WHITE, ...RED]);
  });
});

describe('the cards’ palette', () => {
  it('keeps the flat colours exact and puts the other shades where the edges are', () => {
    // Mostly white, a quarter green, and an edge between them of three shades.
    const edge: Rgb[] = [[200, 220, 205], [140, 185, 150], [80, 150, 95]];
    const pixels = [...Array<Rgb>(60).fill(WHITE), ...Array<Rgb>(30).fill(GREEN), ...edge.flatMap((shade) => Array<Rgb>(3).fill(shade))];
    const roomy = paletteFor(rgba(pixels), [WHITE, GREEN], 5);
    expect(roomy.slice(0, 2)).toEqual([WHITE, GREEN]);
    expect(roomy.slice(2)).toHaveLength(3);
    expect(roomy.slice(2)).toEqual(expect.arrayContaining(edge));
    // With one shade to spare, the edge shares it, and the flat colours still do not move.
    const [white, green, shade] = paletteFor(rgba(pixels), [WHITE, GREEN], 3);
    expect([white, green]).toEqual([WHITE, GREEN]);
    shade!.forEach((channel, c) => expect(channel).toSatisfy((value: number) => value > GREEN[c]! && value < WHITE[c]!));
  });
});
