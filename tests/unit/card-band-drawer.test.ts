import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { drawBand } from '../../src/build-time/card-band-drawer';
import { packBand } from '../../src/build-time/card-band.js';
import type { Rgb } from '../../src/build-time/card-palette';
import { useCardFonts } from '../../src/build-time/card-fonts';

const PALETTE: Rgb[] = [[255, 255, 255], [194, 24, 91], [27, 94, 32], [200, 200, 200]];
const band = (words: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="60">
  <rect width="300" height="60" fill="#ffffff"/>
  <text x="10" y="40" font-family="'Noto Sans Devanagari', sans-serif" font-size="30" fill="#1b5e20">${words}</text>
</svg>`;

describe('the share cards’ drawing thread', () => {
  it('packs a band as this thread would from the same pixels', async () => {
    useCardFonts();
    const svg = band('सलाम स्त्री');
    const drawn = await drawBand(svg, 300, PALETTE);
    const here = packBand(await sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer(), 300, PALETTE);
    expect({ ...drawn, deflated: Buffer.from(drawn.deflated) }).toEqual({ ...here, deflated: Buffer.from(here.deflated) });
  });

  it('fails the band it cannot draw, saying why, and goes on drawing the next', async () => {
    const broken = drawBand('<svg xmlns="http://www.w3.org/2000/svg" width="300"', 300, PALETTE);
    const next = drawBand(band('Salaam Stree'), 300, PALETTE);
    // The reason is sharp's own, and its wording varies ("corrupt header", "svgload: …"): some reason follows.
    await expect(broken).rejects.toThrow(/^a share card's band could not be drawn: \S/);
    await expect(next).resolves.toMatchObject({ length: 60 * (1 + 150) });
  });
});
