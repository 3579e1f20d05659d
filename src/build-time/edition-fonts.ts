// The font an edition's pages fall back to where the phone has none for its script (docs/design.md,
// "Letters on every phone"): its row's `pageFont` (src/lib/editions.ts). The build copies each
// face's subset woff2 from its npm package into /_astro/fonts/, named by its content, so hosts keep
// it a year like every hashed file; the edition's pages get the @font-face rules in their head.
import { createHash } from 'node:crypto';
import { copyFileSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { basename, dirname, join } from 'node:path';
import { withBase } from '../lib/addresses';
import { EDITIONS, edition, type Locale, type PageFont } from '../lib/editions';

/** Below dist/: in /_astro/, whose files hosts may keep a year (public/_headers). */
const FONT_FOLDER = '_astro/fonts';

interface ServedFace {
  weight: number;
  local: readonly string[];
  /** The woff2 in its package. */
  source: string;
  /** Where the build puts it, below dist/: its name carries its content's hash. */
  path: string;
}

const packageFolder = (font: PageFont) => dirname(createRequire(join(process.cwd(), 'package.json')).resolve(`${font.package}/package.json`));
const served = new Map<PageFont, ServedFace[]>();

/** The faces of `font` as the site serves them. */
function facesOf(font: PageFont): ServedFace[] {
  const known = served.get(font);
  if (known) return known;
  const faces = font.faces.map(({ weight, local, file }) => {
    const source = join(packageFolder(font), file);
    const hash = createHash('sha256').update(readFileSync(source)).digest('hex').slice(0, 8);
    return { weight, local, source, path: `${FONT_FOLDER}/${basename(file, '.woff2')}.${hash}.woff2` };
  });
  served.set(font, faces);
  return faces;
}

const quoted = (name: string) => `"${name.replace(/["\\]/g, '')}"`;

/**
 * The CSS an edition's pages carry in their head, or undefined for an edition whose pages use the
 * phone's own font: a face per weight, the phone's own font by its names first (local()), then the
 * served file; only the script's letters fetch it (unicode-range), and words show at once in
 * whatever font the phone has while it comes (swap). `--font-edition` puts the family first in
 * the pages' fonts, before the system-ui it stands in for (src/styles/tokens.css); its range keeps
 * every other letter out of it.
 */
export function editionFontCss(locale: Locale, base: string): string | undefined {
  const font = edition(locale).pageFont;
  if (!font) return undefined;
  const faces = facesOf(font).map(({ weight, local, path }) => {
    const sources = [...local.map((name) => `local(${quoted(name)})`), `url(${quoted(withBase(path, base))}) format("woff2")`];
    return `@font-face{font-family:${quoted(font.family)};font-style:normal;font-weight:${weight};font-display:swap;src:${sources.join(',')};unicode-range:${font.unicodeRange}}`;
  });
  return `${faces.join('')}:root{--font-edition:${quoted(font.family)},system-ui}`;
}

/** The SHA-256 source of a style's text, as a Content-Security-Policy names it. */
export const styleHash = (css: string): `sha256-${string}` => `sha256-${createHash('sha256').update(css).digest('base64')}`;

/** Copies every edition's served font files into `dist`; returns their paths below it. */
export function copyEditionFonts(dist: string): string[] {
  const faces = EDITIONS.flatMap((row) => ('pageFont' in row ? facesOf(row.pageFont) : []));
  for (const { source, path } of faces) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    copyFileSync(source, join(dist, path));
  }
  return faces.map(({ path }) => path);
}
