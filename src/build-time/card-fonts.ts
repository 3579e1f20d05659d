// sharp draws a card's text with the build machine's fonts (fontconfig), and a machine without a
// Devanagari or Gujarati font draws boxes for Hindi or Gujarati. This points fontconfig at each
// edition's card font (src/lib/editions.ts, `cardFont`: Noto Sans Devanagari, Noto Sans Gujarati)
// from its npm package as well as the machine's own fonts, for the card renderer only: pages never
// download these (docs/design.md, "Hindi edition", "Letters on every phone").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { EDITIONS, type CardFont } from '../lib/editions';

const CARD_FONTS: CardFont[] = EDITIONS.flatMap((edition) => ('cardFont' in edition ? [edition.cardFont] : []));
const packageFolder = (font: CardFont) => dirname(createRequire(join(process.cwd(), 'package.json')).resolve(`${font.package}/package.json`));

/** The family names the packages' fonts carry, for the cards' font stacks. */
export const CARD_FAMILIES: string[] = CARD_FONTS.map((font) => font.family);

/** The font packages' versions: a new font draws every cached card again. */
export const CARD_FONT_VERSIONS: string = CARD_FONTS.map((font) => JSON.parse(readFileSync(join(packageFolder(font), 'package.json'), 'utf8')).version).join(' ');

let isReady = false;

/** Makes fontconfig see the card fonts before sharp draws the first card; safe to call often. */
export function useCardFonts() {
  if (isReady) return;
  const folder = mkdtempSync(join(tmpdir(), 'stree-card-fonts-'));
  const config = join(folder, 'fonts.conf');
  const fontFolders = CARD_FONTS.flatMap((font) => font.folders.map((weight) => `  <dir>${join(packageFolder(font), weight)}</dir>`));
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
${fontFolders.join('\n')}
  <cachedir>${join(folder, 'cache')}</cachedir>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = config;
  isReady = true;
}
