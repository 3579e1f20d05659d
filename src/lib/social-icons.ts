/** Simple line glyphs for the five social networks, drawn for this site on a 24×24 grid. */
export const SOCIAL_NETWORKS = ['twitter', 'facebook', 'instagram', 'youtube', 'linkedin'] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];

export const SOCIAL_LABELS: Record<SocialNetwork, string> = {
  twitter: 'X (Twitter)',
  facebook: 'Facebook',
  instagram: 'Instagram',
  youtube: 'YouTube',
  linkedin: 'LinkedIn',
};

/**
 * How every social glyph is drawn, once for the footer (SocialIcon.astro, through svgAttributes)
 * and the menu drawer (MenuDrawer.tsx, as React props): a 24 px line in the text's colour, hidden
 * from screen readers, which read the network's name beside it.
 */
export const SOCIAL_GLYPH = {
  viewBox: '0 0 24 24',
  width: '24',
  height: '24',
  'aria-hidden': 'true',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: '2',
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;

/** Path data, drawn in SOCIAL_GLYPH. */
export const SOCIAL_PATHS: Record<SocialNetwork, string> = {
  twitter: 'M5 4l14 16M19 4L5 20',
  facebook: 'M15 4h-2a3 3 0 0 0-3 3v13M7 11h7',
  instagram: 'M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zM12 8.5a3.5 3.5 0 1 0 0 7a3.5 3.5 0 1 0 0-7zM17.5 6.5h.01',
  youtube: 'M4 6.5C7 6 17 6 20 6.5c1 .2 1.5 1 1.6 2 .3 2.3.3 4.7 0 7-.1 1-.6 1.8-1.6 2-3 .5-13 .5-16 0-1-.2-1.5-1-1.6-2a27 27 0 0 1 0-7c.1-1 .6-1.8 1.6-2zM10 9.5v5l4.5-2.5z',
  linkedin: 'M4 4h16v16H4zM8 10.5V16M8 7.5h.01M11.5 16v-5.5M11.5 12.5c0-1.2 1-2 2.2-2s2.3.8 2.3 2V16',
};

/**
 * SVG properties as React names them, as HTML attributes: `strokeWidth` → `stroke-width`, while
 * `viewBox` keeps the case SVG gives it.
 */
export function svgAttributes(properties: Readonly<Record<string, string | number>>): Record<string, string | number> {
  return Object.fromEntries(
    Object.entries(properties).map(([name, value]) => [name === 'viewBox' ? name : name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`), value]),
  );
}
