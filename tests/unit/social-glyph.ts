// What the social glyph tests share: the drawing an `<svg>` makes, and the one every social glyph
// must make, from its single source (src/lib/social-icons.ts).
import { SOCIAL_GLYPH, SOCIAL_PATHS, svgAttributes, type SocialNetwork } from '../../src/lib/social-icons';

/** Attributes that say nothing of the picture: for screen readers, and the dev server's source notes. */
export const NOT_DRAWING = /^(aria-hidden|focusable|data-astro-.*)$/;

/** What an `<svg>` draws: its attributes (but those above) and its paths. */
export function drawing(svg: Element) {
  const attributes = Object.fromEntries([...svg.attributes].filter(({ name }) => !NOT_DRAWING.test(name)).map(({ name, value }) => [name, value]));
  return { attributes, paths: [...svg.querySelectorAll('path')].map((path) => path.getAttribute('d')) };
}

/** The drawing of `network`'s glyph, as its source gives it, with attribute values as a page holds them. */
export function glyphOf(network: SocialNetwork) {
  const attributes = Object.fromEntries(
    Object.entries(svgAttributes(SOCIAL_GLYPH)).filter(([name]) => !NOT_DRAWING.test(name)).map(([name, value]) => [name, String(value)]),
  );
  return { attributes, paths: [SOCIAL_PATHS[network]] };
}
