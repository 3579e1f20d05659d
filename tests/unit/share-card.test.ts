import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_CACHE_ENV } from '../../src/build-time/share-card-cache';
import { BAND_SPLIT, renderShareCard, shareCardBands, shareCardSvg, wrapText } from '../../src/build-time/share-card';
import { useCardFonts } from '../../src/build-time/card-fonts';
import { CARD_HEIGHT, CARD_WIDTH } from '../../src/lib/share-card-size';

const HINDI_CARD = { kicker: 'सलाम स्त्री · सुरक्षा और न्याय', title: 'कीर्ति शीर्षक', subtitle: 'गाँव की महिलाओं के लिए', host: 'stree.example' };
const CARD = { kicker: 'Salaam Stree · Safety & Justice', title: 'Birubala Rabha', subtitle: 'Led the fight <against> witch-hunting', host: 'stree.example' };

describe('wrapText', () => {
  it('breaks at spaces, never inside a word', () => {
    expect(wrapText('Saalumarada Thimmakka', 20, 2)).toEqual(['Saalumarada', 'Thimmakka']);
  });

  it('ends with an ellipsis what does not fit in the lines allowed', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });

  it('clips a single word longer than a line', () => {
    expect(wrapText('Abcdefghijklmnopqrstuvwxyz', 10, 2)).toEqual(['Abcdefghi…']);
  });
});

describe('shareCardSvg', () => {
  it('escapes & and < so a name cannot break the SVG', () => {
    const svg = shareCardSvg(CARD);
    expect(svg).toContain('SAFETY &amp; JUSTICE');
    expect(svg).toContain('&lt;against&gt;');
    expect(svg).not.toMatch(/<against>/);
  });

  it('uses the palette of tokens.css and names the site', () => {
    const svg = shareCardSvg(CARD);
    for (const colour of ['#c2185b', '#2e7d32', '#1b5e20']) expect(svg).toContain(colour);
    expect(svg).toContain('stree.example');
  });
});

describe('renderShareCard', () => {
  let cache = '';
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'stree-card-cache-'));
    process.env[CARD_CACHE_ENV] = cache;
  });
  afterEach(() => {
    delete process.env[CARD_CACHE_ENV];
  });

  it('draws a 1200×630 PNG, small enough for any link preview', async () => {
    const png = await renderShareCard(CARD);
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // WhatsApp skips preview images over 300 KB.
    expect(png.byteLength).toBeLessThan(300 * 1024);
  });

  it('shows what its SVG draws: the flat colours exact, the edges of letters within a shade', async () => {
    const png = await renderShareCard(HINDI_CARD);
    const drawn = await sharp(png).removeAlpha().raw().toBuffer();
    useCardFonts();
    const svg = await sharp(Buffer.from(shareCardSvg(HINDI_CARD))).removeAlpha().raw().toBuffer();
    const at = (pixels: Buffer, x: number, y: number) => [...pixels.subarray((y * CARD_WIDTH + x) * 3, (y * CARD_WIDTH + x) * 3 + 3)];
    // tokens.css: the white paper, the pink edge, the pale pink circle, the four bands at the foot.
    const flat = { paper: [600, 180, 'ffffff'], edge: [10, 300, 'c2185b'], circle: [1150, 20, 'fde7ef'], pink: [150, 620, 'c2185b'], green: [450, 620, '2e7d32'], dark: [750, 620, '1b5e20'], pale: [1050, 620, 'fde7ef'] } as const;
    for (const [name, [x, y, hex]] of Object.entries(flat)) {
      expect(Buffer.from(at(drawn, x, y)).toString('hex'), name).toBe(hex);
    }
    // 16 colours for what is drawn with about 1,300: on average under half a level of 255 off.
    const difference = drawn.reduce((sum, value, i) => sum + Math.abs(value - svg[i]!), 0) / drawn.length;
    expect(difference).toBeLessThan(0.5);
  });

  it('draws a card once and reads it from the cache after that', async () => {
    const first = await renderShareCard(CARD);
    expect(readdirSync(cache)).toHaveLength(1);
    const again = await renderShareCard({ ...CARD });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it('draws a new card when what it shows changes', async () => {
    await renderShareCard(CARD);
    const renamed = await renderShareCard({ ...CARD, title: 'Birubala Rabha of Thakurvila' });
    expect(readdirSync(cache)).toHaveLength(2);
    expect(Buffer.from(renamed).equals(Buffer.from(await renderShareCard(CARD)))).toBe(false);
  });
});

describe('the two bands of a card', () => {
  // Deep marks under a kicker, tall ones over a title, in each script the cards are drawn in.
  const SCRIPTS = [
    { kicker: 'Salaam Stree · Safety & Justice', title: 'ÅÉÎ Ǻngström Ýg' },
    { kicker: 'सलाम स्त्री · सुरक्षा, कृषि और न्याय', title: 'कीर्ति शीर्षक ॐ ईं' },
    { kicker: 'સલામ સ્ત્રી · ગૃહ ઉદ્યોગ અને સુરક્ષા', title: 'ર્કીર્તિ ગુજરાતી ઈં' },
  ];

  it.each(SCRIPTS)('cut no letter between the kicker and the title: $kicker', async ({ kicker, title }) => {
    useCardFonts();
    const card = { kicker, title, subtitle: 'A second line of words, long enough to wrap onto a second line of the card', host: 'stree.example' };
    const whole = await sharp(Buffer.from(shareCardSvg(card))).raw().toBuffer();
    const [top, bottom] = await Promise.all(shareCardBands(card).map((svg) => sharp(Buffer.from(svg)).raw().toBuffer()));
    expect(top!.length).toBe(CARD_WIDTH * BAND_SPLIT * 4);
    expect(Buffer.concat([top!, bottom!]).equals(whole)).toBe(true);
    expect(whole.length).toBe(CARD_WIDTH * CARD_HEIGHT * 4);
  });
});
