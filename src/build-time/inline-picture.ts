// A drawn picture written into the page itself, so that it paints with the page's first bytes
// instead of a round trip later: for the one picture that is the largest thing on a first screen
// (docs/decisions.md, "The first banner picture comes with the HTML").
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

interface InlineSvgOptions {
  /** What the picture shows, for screen readers (the entry's alt text). */
  label: string;
  className: string;
  /** Written before every id inside the picture, so that none meets an id of the page. */
  idPrefix: string;
  /** How the drawing fills a box of another shape: SVG's own `object-fit: cover`. */
  preserveAspectRatio?: string;
}

const escapeAttribute = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll('<', '&lt;');

/**
 * `svg` made ready to sit in a page: prolog and comments dropped, whitespace folded, its ids
 * prefixed (and every reference to them), and the root named as one image.
 */
export function inlineSvg(svg: string, { label, className, idPrefix, preserveAspectRatio = 'xMidYMid slice' }: InlineSvgOptions): string {
  const prefixed = svg
    .replace(/<\?xml[^>]*\?>|<!--[\s\S]*?-->/g, '')
    .replace(/\s+/g, ' ')
    .replace(/> </g, '><')
    .replace(/\bid="([^"]+)"/g, `id="${idPrefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${idPrefix}$1)`)
    .replace(/href="#([^"]+)"/g, `href="#${idPrefix}$1"`)
    .trim();
  const attributes = `class="${escapeAttribute(className)}" role="img" aria-label="${escapeAttribute(label)}" ` +
    `preserveAspectRatio="${preserveAspectRatio}" focusable="false"`;
  return prefixed.replace(/^<svg\b/, `<svg ${attributes}`);
}

/** The SVG file a JSON entry names in `field`, as text; undefined for any other kind of picture. */
function svgOf(entry: { filePath?: string }, field: string): string | undefined {
  // Astro's image data no longer says where its file came from once the content is stored.
  if (!entry.filePath) return undefined;
  const entryFile = join(process.cwd(), entry.filePath);
  const picture = (JSON.parse(readFileSync(entryFile, 'utf8')) as Record<string, unknown>)[field];
  if (typeof picture !== 'string' || !picture.endsWith('.svg')) return undefined;
  return readFileSync(join(dirname(entryFile), picture), 'utf8');
}

/**
 * The SVG picture a JSON entry names in `field`, as markup for the page. Inline, it paints in the
 * same frame as the words around it (an <img>, even of a data: address, is decoded apart and
 * paints a frame or more later), and, being no candidate for the largest paint, it leaves that to
 * the words it came with.
 */
export function inlineSvgOf(entry: { filePath?: string }, field: string, options: InlineSvgOptions): string | undefined {
  const svg = svgOf(entry, field);
  return svg === undefined ? undefined : inlineSvg(svg, options);
}

/** What a data: address in a src may not hold as it is (a space among them); the rest stays readable. */
const UNSAFE = /[\s%#<>?[\\\]^`{|}\u0000-\u001f\u007f-\uffff]/g;

/**
 * The same picture as a `data:` address for an <img>, for where the picture must stay a candidate
 * for the largest paint: the banner, whose later slides (files, arriving late on 2G) would
 * otherwise become it when the autoplay shows them, seconds after everything was on screen.
 */
export function svgDataUriOf(entry: { filePath?: string }, field: string): string | undefined {
  const svg = svgOf(entry, field);
  if (svg === undefined) return undefined;
  const folded = svg.replace(/\s+/g, ' ').replace(/> </g, '><').replaceAll('"', "'").trim();
  return `data:image/svg+xml,${folded.replace(UNSAFE, encodeURIComponent)}`;
}
