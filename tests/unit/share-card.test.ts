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

describe('the bands of a card', () => {
  // In each script the cards are drawn in: tall marks over a title, deep marks under a kicker, a
  // title's last line and a line of words.
  const SCRIPTS = [
    { kicker: 'Salaam Stree · Safety & Justice', tall: 'ÅÉÎ Ǻngström Ýg', deep: 'gypsy jigsaw Ågq', words: 'Ågypqj Ýç gypsy jigsaw, a quiet foggy day' },
    { kicker: 'सलाम स्त्री · सुरक्षा, कृषि और न्याय', tall: 'कीर्ति शीर्षक ॐ ईं', deep: 'कृष्ण ह्रृ ड्ढ ष्ट्र', words: 'कृष्ण ग्रुप्स ह्रृ ड्ढ ठ्ठ ष्ट्र' },
    { kicker: 'સલામ સ્ત્રી · ગૃહ ઉદ્યોગ અને સુરક્ષા', tall: 'ર્કીર્તિ ગુજરાતી ઈં', deep: 'કૃષ્ણ ઙ્ગ્ર્ૃ દ્ધ', words: 'કૃષ્ણ ગુજરાતી ઙ્ગ્ર્ૃ દ્ધ' },
  ];
  type Script = (typeof SCRIPTS)[number];
  const twoLineTitle = ({ tall, deep }: Script) => `${tall} ${deep}`;
  const twoLinesOfWords = ({ words }: Script) => `${words} ${words} ${words}`;
  // Where a card's words end moves the cut below them: a title of one line or two, under it no
  // words, one line of them or two.
  const LAYOUTS = [
    { layout: 'a one-line title', title: ({ deep }: Script) => deep },
    { layout: 'a two-line title', title: twoLineTitle },
    { layout: 'a one-line title and a line of words', title: ({ tall }: Script) => tall, subtitle: ({ words }: Script) => words },
    { layout: 'a two-line title and a line of words', title: twoLineTitle, subtitle: ({ words }: Script) => words },
    { layout: 'a one-line title and two lines of words', title: ({ tall }: Script) => tall, subtitle: twoLinesOfWords },
    { layout: 'a two-line title and two lines of words', title: twoLineTitle, subtitle: twoLinesOfWords },
  ];
  const cases = SCRIPTS.flatMap((script) => LAYOUTS.map(({ layout, title, subtitle }) => ({
    layout,
    card: { kicker: script.kicker, title: title(script), subtitle: subtitle?.(script), host: 'gypsy-jigsaw.example.org' },
  })));

  it.each(cases)('cut no letter: $layout, $card.kicker', async ({ card }) => {
    useCardFonts();
    const whole = await sharp(Buffer.from(shareCardSvg(card))).raw().toBuffer();
    const bands = await Promise.all(shareCardBands(card).map((svg) => sharp(Buffer.from(svg)).raw().toBuffer()));
    expect(bands).toHaveLength(3);
    expect(bands[0]!.length).toBe(CARD_WIDTH * BAND_SPLIT * 4);
    expect(Buffer.concat(bands).equals(whole)).toBe(true);
    expect(whole.length).toBe(CARD_WIDTH * CARD_HEIGHT * 4);
  });

  it("keeps a card's own band short when its words are few", () => {
    const rowsOf = (svg: string) => Number(svg.match(/height="(\d+)"/)![1]);
    const [, fewWords] = shareCardBands({ ...CARD, subtitle: undefined });
    const [, manyWords] = shareCardBands({ ...CARD, title: `${CARD.title} ${CARD.title}`, subtitle: `${CARD.subtitle} ${CARD.subtitle}` });
    expect(rowsOf(fewWords!)).toBeLessThan(rowsOf(manyWords!) / 2);
  });
});
