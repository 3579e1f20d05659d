// @vitest-environment jsdom
// The menu drawer draws each social glyph from the one source the footer draws it from
// (src/lib/social-icons.ts; the footer's side is social-glyphs.test.ts): a visitor knows a network
// by one shape wherever she meets it.
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, expect, it } from 'vitest';
import MenuDrawer from '../../src/islands/MenuDrawer';
import { SOCIAL_LABELS, SOCIAL_NETWORKS } from '../../src/lib/social-icons';
import { drawing, glyphOf } from './social-glyph';

afterEach(cleanup);

it('the open drawer draws each social glyph as the footer does, hidden from screen readers', () => {
  render(
    <MenuDrawer
      links={[]}
      extraLinks={[]}
      social={SOCIAL_NETWORKS.map((network) => ({ network, href: `https://${network}.example/`, label: SOCIAL_LABELS[network] }))}
      languages={[]}
      logoSrc="/logo.svg"
      logoAlt="STREE"
      fallbackHref="#menu"
      strings={{ open: 'Open menu', close: 'Close menu', title: 'Menu', newTab: '(opens in a new tab)' }}
    />,
  );
  fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
  for (const network of SOCIAL_NETWORKS) {
    const svg = screen.getByRole('link', { name: `${SOCIAL_LABELS[network]} (opens in a new tab)` }).querySelector('svg')!;
    expect(drawing(svg), network).toEqual(glyphOf(network));
    expect(svg.getAttribute('aria-hidden'), network).toBe('true');
  }
});
