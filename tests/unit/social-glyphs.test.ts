// The social glyphs are drawn from one source (src/lib/social-icons.ts): the footer's, written by
// the server (SocialIcon.astro), draws it; the menu drawer's is in social-glyphs-drawer.test.tsx.
import { experimental_AstroContainer as AstroContainer } from 'astro/container';
import { parseFragment, type DefaultTreeAdapterTypes } from 'parse5';
import { describe, expect, it } from 'vitest';
import SocialIcon from '../../src/components/ui/SocialIcon.astro';
import { SOCIAL_NETWORKS, svgAttributes } from '../../src/lib/social-icons';
import { NOT_DRAWING, glyphOf } from './social-glyph';

type Element = DefaultTreeAdapterTypes.Element;

/** The footer's glyph of `network`, as the server writes it: its attributes and its paths. */
async function footerGlyph(network: (typeof SOCIAL_NETWORKS)[number]) {
  const container = await AstroContainer.create();
  const [svg] = parseFragment(await container.renderToString(SocialIcon, { props: { network } })).childNodes as Element[];
  const drawn = svg!.attrs.filter(({ name }) => !NOT_DRAWING.test(name));
  const paths = (svg!.childNodes as Element[]).filter((node) => node.nodeName === 'path');
  return {
    svg: svg!,
    drawing: { attributes: Object.fromEntries(drawn.map(({ name, value }) => [name, value])), paths: paths.map((path) => path.attrs.find(({ name }) => name === 'd')?.value) },
  };
}

describe('the footer’s social glyph', () => {
  it('is the one drawing of each network: a 24 px line in the text’s colour', async () => {
    for (const network of SOCIAL_NETWORKS) {
      const { drawing } = await footerGlyph(network);
      expect(drawing, network).toEqual(glyphOf(network));
      expect(drawing.attributes, network).toMatchObject({ viewBox: '0 0 24 24', width: '24', 'stroke-width': '2', stroke: 'currentColor', fill: 'none' });
    }
  });

  it('is hidden from screen readers, which read the network’s name beside it', async () => {
    const { svg } = await footerGlyph('youtube');
    expect(svg.attrs).toContainEqual({ name: 'aria-hidden', value: 'true' });
  });
});

describe('svgAttributes', () => {
  it('writes React’s property names as the attributes SVG knows, viewBox as SVG spells it', () => {
    expect(svgAttributes({ viewBox: '0 0 24 24', strokeWidth: '2', strokeLinecap: 'round', 'aria-hidden': 'true' })).toEqual({
      viewBox: '0 0 24 24', 'stroke-width': '2', 'stroke-linecap': 'round', 'aria-hidden': 'true',
    });
  });
});
