/**
 * India's national helplines (docs/design.md, "Help and safety, one tap away"); their names are in src/i18n. They
 * belong in site settings once that work lands, and on every page.
 */
export const HELPLINES = [
  { number: '112', name: 'emergency' },
  { number: '181', name: 'women' },
  { number: '1098', name: 'children' },
] as const;
