import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { paletteFrom } from '../../src/lib/palette.js';

describe('the palette, written once in tokens.css', () => {
  it('reads the colours of the first :root block by name, and nothing else', () => {
    const css = ':root {\n  --pink: #c2185b;\n  --space-1: 4px;\n  --color-accent: var(--pink);\n}\n.x { --green: #000000; }';
    expect(paletteFrom(css)).toEqual({ pink: '#c2185b' });
  });

  it("holds the specification's four colours: pink, green, dark green and white", () => {
    const palette = paletteFrom(readFileSync('src/styles/tokens.css', 'utf8'));
    for (const name of ['pink', 'green', 'green-dark', 'white']) expect(palette[name], name).toMatch(/^#[0-9a-f]{6}$/i);
  });
});
