// The picture a shared link shows on WhatsApp, Facebook or X: drawn as SVG in the site's palette
// (src/styles/tokens.css) and rendered to PNG, the format every link preview reads. A card is drawn
// in three bands of rows: the kicker line, the title and words, and the address at the foot. Each
// band is drawn and compressed once per build however many cards show it (card-band.js), and the
// bands are joined into each card's PNG as bytes (card-png.ts): the kicker of a category in one
// edition is on every card of that category, the foot on every card of the build, and a story's
// title and words on its card in every edition that shows it untranslated.
// Only the middle band is a card's own, so it is cut as short as its lines allow. Bands are drawn
// on a thread of their own (card-band-drawer.ts) while the build renders pages.
import sharp from 'sharp';
import logo from '../assets/logo.svg?raw';
import { colour } from './palette';
import { CARD_FAMILIES, CARD_FONT_VERSIONS, useCardFonts } from './card-fonts';
import { cachedCard } from './share-card-cache';
import { paletteFor, rgbOf, type Rgb } from './card-palette';
import { pngFromBands } from './card-png';
import { DEFLATE_LEVEL, type PackedBand } from './card-band.js';
import { drawBand } from './card-band-drawer';
import { CARD_HEIGHT, CARD_WIDTH } from '../lib/share-card-size';

/** tokens.css colours; a card is an image, so it cannot read custom properties. */
const PALETTE = {
  pink: colour('pink'),
  pinkDark: colour('pink-dark'),
  pinkPale: colour('pink-pale'),
  green: colour('green'),
  greenDark: colour('green-dark'),
  white: colour('white'),
  inkSoft: colour('ink-soft'),
};
// Georgia where the build machine has it; the serif it has otherwise (DejaVu on Linux). Hindi and
// Gujarati come from the fonts the renderer brings along (card-fonts.ts), whatever the machine has.
const EDITION_FAMILIES = CARD_FAMILIES.map((family) => `'${family}'`).join(', ');
const SERIF = `Georgia, 'DejaVu Serif', 'Liberation Serif', ${EDITION_FAMILIES}, serif`;
const SANS = `'Noto Sans', 'DejaVu Sans', 'Liberation Sans', Arial, ${EDITION_FAMILIES}, sans-serif`;

export interface ShareCard {
  /** Small line above the title: where on the site this is (`Salaam Stree · Health & Hygiene`). */
  kicker: string;
  /** The name, large. */
  title: string;
  subtitle?: string;
  /** The site's address, printed at the foot. */
  host: string;
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/**
 * Breaks `text` into at most `maxLines` lines of about `maxChars` characters, at spaces; what
 * does not fit ends in an ellipsis. SVG text never wraps by itself.
 */
export function wrapText(text: string, maxChars: number, maxLines: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.trim().split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (next.length <= maxChars || !line) {
      line = next;
      continue;
    }
    lines.push(line);
    line = word;
  }
  if (line) lines.push(line);
  if (lines.length <= maxLines) return lines.map((l) => clip(l, maxChars));
  const kept = lines.slice(0, maxLines);
  kept[maxLines - 1] = `${clip(kept[maxLines - 1]!, maxChars - 1).replace(/[\s,.;:]+$/, '')}…`;
  return kept;
}

const clip = (line: string, maxChars: number) => (line.length <= maxChars ? line : `${line.slice(0, maxChars - 1)}…`);

const tspans = (lines: string[], x: number, lineHeight: number) =>
  lines.map((line, i) => `<tspan x="${x}" dy="${i === 0 ? 0 : lineHeight}">${escapeXml(line)}</tspan>`).join('');

/**
 * The row where the kicker's band ends and the title's begins: below the deepest mark of a kicker
 * (baseline 230, 30 px) and above the tallest of a title (first baseline 330, 84 px), so cutting
 * there cuts no letter. In Latin, Devanagari and Gujarati the kicker's marks end above row 240 and
 * the title's start below row 252 (tests/unit/share-card.test.ts draws the deepest and tallest).
 */
export const BAND_SPLIT = 245;

// What every card has: the paper (sized in pixels, not 100 %: a band's viewport is part of the
// card, and the paper is all of it), the logo at the top, the colour bands at the foot. A band
// draws only what reaches into it: what lies outside paints nothing there, and costs sharp time.
const PAPER = `<rect width="${CARD_WIDTH}" height="${CARD_HEIGHT}" fill="${PALETTE.white}"/>
  <rect width="24" height="606" fill="${PALETTE.pink}"/>
  <circle cx="1130" cy="70" r="260" fill="${PALETTE.pinkPale}"/>`;
const LOGO = `<image href="data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}" x="80" y="56" width="360" height="96"/>`;
const FOOT = [PALETTE.pink, PALETTE.green, PALETTE.greenDark, PALETTE.pinkPale]
  .map((fill, i) => `<rect x="${i * 300}" y="606" width="300" height="24" fill="${fill}"/>`)
  .join('');

const TITLE_TOP = 330;
const TITLE_LEADING = 92;
const SUBTITLE_GAP = 80;
const SUBTITLE_LEADING = 46;
const HOST_BASELINE = 574;

/**
 * How far below its baseline a line may mark: half its size, for the deep conjuncts and vowel
 * signs of Devanagari (31 px under an 84 px title, 12 px under 34 px words, in the fonts the cards
 * bring). Above its baseline the address reaches at most 27 px: it is ASCII, as a URL's host is.
 */
const depthBelow = (fontSize: number) => Math.ceil(fontSize / 2);
const HOST_TOP = HOST_BASELINE - 27;
const HOST_BOTTOM = HOST_BASELINE + 10;

/** What a card draws on the paper: its kicker line, its title and words, the address; and the row below its words. */
function lines({ kicker, title, subtitle, host }: ShareCard) {
  const titleLines = wrapText(title, 20, 2);
  const subtitleLines = subtitle ? wrapText(subtitle, 52, 2) : [];
  const titleBottom = TITLE_TOP + (titleLines.length - 1) * TITLE_LEADING;
  const subtitleTop = titleBottom + SUBTITLE_GAP;
  const wordsEnd = subtitleLines.length > 0
    ? subtitleTop + (subtitleLines.length - 1) * SUBTITLE_LEADING + depthBelow(34)
    : titleBottom + depthBelow(84);
  return {
    kicker: `<text x="84" y="230" font-family="${SANS}" font-size="30" font-weight="700" letter-spacing="2" fill="${PALETTE.pinkDark}">${escapeXml(kicker.toUpperCase())}</text>`,
    words: `<text x="80" y="${TITLE_TOP}" font-family="${SERIF}" font-size="84" font-weight="700" fill="${PALETTE.greenDark}">${tspans(titleLines, 80, TITLE_LEADING)}</text>
  <text x="84" y="${subtitleTop}" font-family="${SANS}" font-size="34" fill="${PALETTE.inkSoft}">${tspans(subtitleLines, 84, SUBTITLE_LEADING)}</text>`,
    host: `<text x="1116" y="${HOST_BASELINE}" text-anchor="end" font-family="${SANS}" font-size="28" font-weight="700" fill="${PALETTE.green}">${escapeXml(host)}</text>`,
    wordsEnd,
  };
}

/** The rows `top` to `top + height` of a card drawing `content`, as an SVG of their own. */
const frame = (top: number, height: number, content: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${height}" viewBox="0 ${top} ${CARD_WIDTH} ${height}">
  ${content}
</svg>`;

/** The card as SVG text, 1200×630. */
export function shareCardSvg(card: ShareCard): string {
  const { kicker, words, host } = lines(card);
  return frame(0, CARD_HEIGHT, [PAPER, LOGO, FOOT, kicker, words, host].join('\n  '));
}

/**
 * The card's bands as SVG, top to bottom: the kicker's rows; the title's and words' rows, down to
 * the last row their marks may reach; the foot with the address. Where the words reach down to
 * the address's rows, the address joins the middle band and the foot is only the colour bands.
 */
export function shareCardBands(card: ShareCard): string[] {
  const { kicker, words, host, wordsEnd } = lines(card);
  const band = (top: number, bottom: number, content: string[]) => frame(top, bottom - top, [PAPER, ...content].join('\n  '));
  const top = band(0, BAND_SPLIT, [LOGO, kicker]);
  if (wordsEnd <= HOST_TOP) return [top, band(BAND_SPLIT, wordsEnd, [words]), band(wordsEnd, CARD_HEIGHT, [FOOT, host])];
  return [top, band(BAND_SPLIT, HOST_BOTTOM, [words, host]), band(HOST_BOTTOM, CARD_HEIGHT, [FOOT])];
}

/** Draws an SVG to pixels, 4 bytes each (RGBA). */
function pixelsOf(svg: string): Promise<Uint8Array> {
  useCardFonts();
  return sharp(Buffer.from(svg)).ensureAlpha().raw().toBuffer();
}

/**
 * What the palette is drawn from: a card with each kind of line in each script the cards are
 * written in, so their edges get shades of their own. Not content: an editor's change never
 * changes every card.
 */
const PALETTE_SAMPLE: ShareCard = {
  kicker: 'Salaam Stree · सलाम स्त्री · સલામ સ્ત્રી',
  title: 'Stree स्त्री સ્ત્રી',
  subtitle: 'Safety and empowerment of rural women · ग्रामीण महिलाएँ · ગ્રામીણ મહિલાઓ',
  host: 'stree.example',
};
const FLAT_COLOURS = Object.values(PALETTE).map(rgbOf);

let palette: Promise<Rgb[]> | undefined;
/** The 16 colours of every card of this build (card-palette.ts). */
function cardPalette(): Promise<Rgb[]> {
  palette ??= pixelsOf(shareCardSvg(PALETTE_SAMPLE)).then((pixels) => paletteFor(pixels, FLAT_COLOURS));
  return palette;
}

// A band shown on many cards is drawn once: by its SVG, for the length of the build. A story's
// middle band waits here from its English card to its Hindi and Gujarati ones: about 10 KB each.
const packedBands = new Map<string, Promise<PackedBand>>();
function packedBand(svg: string, colours: readonly Rgb[]): Promise<PackedBand> {
  let band = packedBands.get(svg);
  if (!band) {
    // The drawing thread reads the card fonts too: fontconfig is set up once, for the whole process.
    useCardFonts();
    band = drawBand(svg, CARD_WIDTH, colours);
    // A failed drawing is not kept: the next card asks again, and the build reports the error.
    band.catch(() => packedBands.delete(svg));
    packedBands.set(svg, band);
  }
  return band;
}

// What else decides the PNG besides the SVG: a new sharp or font draws every card once more, and
// bands cut at other rows, or compressed at another level, come to other bytes.
const RENDERER = JSON.stringify({
  bands: [BAND_SPLIT, HOST_TOP, HOST_BOTTOM, depthBelow(84), depthBelow(34)],
  level: DEFLATE_LEVEL,
  sharp: sharp.versions,
  fonts: CARD_FONT_VERSIONS,
});

/** The card as a PNG of about 10–20 KB, well under what previews accept; drawn once per look (share-card-cache.ts). */
export async function renderShareCard(card: ShareCard): Promise<Uint8Array> {
  const colours = await cardPalette();
  return cachedCard(`${RENDERER}\n${JSON.stringify(colours)}\n${shareCardSvg(card)}`, async () => {
    const bands = await Promise.all(shareCardBands(card).map((svg) => packedBand(svg, colours)));
    return pngFromBands(CARD_WIDTH, CARD_HEIGHT, colours, bands);
  });
}
