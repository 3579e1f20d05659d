// The palette is written once, in src/styles/tokens.css. What cannot read CSS custom properties
// (share cards and icons drawn at build time, the manifest, the theme-color tag, the illustrator)
// reads the same file through this.

/**
 * The colours of tokens.css's first `:root` block, by name: `--green-dark: #1b5e20` → `green-dark`.
 * @param {string} css the text of tokens.css
 * @returns {Record<string, string>}
 */
export function paletteFrom(css) {
  const root = css.match(/:root\s*\{([^}]*)\}/)?.[1] ?? '';
  return Object.fromEntries([...root.matchAll(/--([\w-]+)\s*:\s*(#[0-9a-fA-F]{3,8})\s*;/g)].map(([, name, hex]) => [name, hex]));
}
