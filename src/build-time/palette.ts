// The site's colours for code that runs at build time and cannot read CSS (docs/architecture.md).
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { paletteFrom } from '../lib/palette.js';

// Read from the project, not imported: an import of CSS is styled away in some pipelines (Vitest).
const colours = paletteFrom(readFileSync(join(process.cwd(), 'src/styles/tokens.css'), 'utf8'));

/** A colour of tokens.css by its custom property's name, e.g. `green-dark`; throws for a name it lacks. */
export function colour(name: string): string {
  const hex = colours[name];
  if (!hex) throw new Error(`src/styles/tokens.css has no colour --${name}`);
  return hex;
}
