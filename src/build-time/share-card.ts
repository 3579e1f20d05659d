// The picture a shared link shows on WhatsApp, Facebook or X: drawn as SVG in the site's palette
// (src/styles/tokens.css) and rendered to PNG, the format every link preview reads.
import sharp from 'sharp';
import logo from '../assets/logo.svg?raw';
import { colour } from './palette';
import { CARD_FAMILIES, CARD_FONT_VERSIONS, useCardFonts } from './card-fonts';
import { cachedCard } from './share-card-cache';
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

/** The card as SVG text, 1200×630. */
export function shareCardSvg({ kicker, title, subtitle, host }: ShareCard): string {
  const titleLines = wrapText(title, 20, 2);
  const subtitleLines = subtitle ? wrapText(subtitle, 52, 2) : [];
  const titleTop = 330;
  const subtitleTop = titleTop + (titleLines.length - 1) * 92 + 80;
  const logoData = `data:image/svg+xml;base64,${Buffer.from(logo).toString('base64')}`;
  const bands = [PALETTE.pink, PALETTE.green, PALETTE.greenDark, PALETTE.pinkPale]
    .map((fill, i) => `<rect x="${i * 300}" y="606" width="300" height="24" fill="${fill}"/>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CARD_WIDTH}" height="${CARD_HEIGHT}" viewBox="0 0 ${CARD_WIDTH} ${CARD_HEIGHT}">
  <rect width="100%" height="100%" fill="${PALETTE.white}"/>
  <rect width="24" height="606" fill="${PALETTE.pink}"/>
  <circle cx="1130" cy="70" r="260" fill="${PALETTE.pinkPale}"/>
  <image href="${logoData}" x="80" y="56" width="360" height="96"/>
  <text x="84" y="230" font-family="${SANS}" font-size="30" font-weight="700" letter-spacing="2" fill="${PALETTE.pinkDark}">${escapeXml(kicker.toUpperCase())}</text>
  <text x="80" y="${titleTop}" font-family="${SERIF}" font-size="84" font-weight="700" fill="${PALETTE.greenDark}">${tspans(titleLines, 80, 92)}</text>
  <text x="84" y="${subtitleTop}" font-family="${SANS}" font-size="34" fill="${PALETTE.inkSoft}">${tspans(subtitleLines, 84, 46)}</text>
  <text x="1116" y="574" text-anchor="end" font-family="${SANS}" font-size="28" font-weight="700" fill="${PALETTE.green}">${escapeXml(host)}</text>
  ${bands}
</svg>`;
}

// A card is a few flat colours and their anti-aliased edges: 16 colours look the same as 256 and
// quantise in a quarter of the time, which was most of a story's build time (the scale test of `npm run bench`, scripts/bench/scale.js).
const PNG_OPTIONS = { palette: true, colours: 16, effort: 1, dither: 0, compressionLevel: 9 } as const;
// What else decides the pixels besides the SVG: a new sharp or font draws every card once more.
const RENDERER = JSON.stringify({ PNG_OPTIONS, sharp: sharp.versions, fonts: CARD_FONT_VERSIONS });

/** The card as a PNG of about 10–20 KB, well under what previews accept; drawn once per look (share-card-cache.ts). */
export async function renderShareCard(card: ShareCard): Promise<Uint8Array> {
  const svg = shareCardSvg(card);
  return cachedCard(`${RENDERER}\n${svg}`, async () => {
    useCardFonts();
    return new Uint8Array(await sharp(Buffer.from(svg)).png(PNG_OPTIONS).toBuffer());
  });
}
