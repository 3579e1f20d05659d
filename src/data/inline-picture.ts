// A drawn picture written into the page itself, so that it paints with the page's first bytes
// instead of a round trip later: for the one picture that is the largest thing on a first screen
// (docs/decisions.md, "The first banner picture comes with the HTML").
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

/** What a data: address in a src may not hold as it is (a space among them); the rest stays readable. */
const UNSAFE = /[\s%#<>?[\\\]^`{|}\u0000-\u001f\u007f-\uffff]/g;

/** `svg` as a `data:` address: whitespace folded, double quotes made single, unsafe characters encoded. */
export function svgDataUri(svg: string): string {
  const folded = svg.replace(/\s+/g, ' ').replace(/> </g, '><').replaceAll('"', "'").trim();
  return `data:image/svg+xml,${folded.replace(UNSAFE, encodeURIComponent)}`;
}

/**
 * The data: address of the SVG picture a JSON entry names in `field`, read from the file the editor
 * wrote; undefined for any other kind of picture. (Astro's image data no longer says where its
 * file came from once the content is stored.)
 */
export function inlineSvgOf(entry: { filePath?: string }, field: string): string | undefined {
  if (!entry.filePath) return undefined;
  const entryFile = join(process.cwd(), entry.filePath);
  const picture = (JSON.parse(readFileSync(entryFile, 'utf8')) as Record<string, unknown>)[field];
  if (typeof picture !== 'string' || !picture.endsWith('.svg')) return undefined;
  return svgDataUri(readFileSync(join(dirname(entryFile), picture), 'utf8'));
}
