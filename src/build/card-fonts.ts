// sharp draws a card's text with the build machine's fonts (fontconfig), and a machine without a
// Devanagari font draws boxes for Hindi. This points fontconfig at Noto Sans Devanagari from an
// npm package as well as the machine's own fonts, for the card renderer only: pages never
// download a font (docs/design.md, "Hindi edition").
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** The family name the package's fonts carry, for the cards' font stacks. */
export const DEVANAGARI_FAMILY = 'Noto Sans Devanagari';

const fontsPackageJson = createRequire(join(process.cwd(), 'package.json')).resolve('@expo-google-fonts/noto-sans-devanagari/package.json');
/** The font package's version: a new font draws every cached card again. */
export const DEVANAGARI_FONT_VERSION: string = JSON.parse(readFileSync(fontsPackageJson, 'utf8')).version;

let isReady = false;

/** Makes fontconfig see the Devanagari font before sharp draws the first card; safe to call often. */
export function useCardFonts() {
  if (isReady) return;
  const fontsPackage = dirname(fontsPackageJson);
  const folder = mkdtempSync(join(tmpdir(), 'stree-card-fonts-'));
  const config = join(folder, 'fonts.conf');
  writeFileSync(
    config,
    `<?xml version="1.0"?>
<!DOCTYPE fontconfig SYSTEM "fonts.dtd">
<fontconfig>
  <include ignore_missing="yes">/etc/fonts/fonts.conf</include>
  <dir>${join(fontsPackage, '400Regular')}</dir>
  <dir>${join(fontsPackage, '700Bold')}</dir>
  <cachedir>${join(folder, 'cache')}</cachedir>
</fontconfig>
`,
  );
  process.env.FONTCONFIG_FILE = config;
  isReady = true;
}
