import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { renderSocialCard, socialCardSvg, wrapText } from '../../src/build/social-card';

const CARD = { kicker: 'Salaam Stree · Safety & Justice', title: 'Birubala Rabha', subtitle: 'Led the fight <against> witch-hunting', host: 'stree.example' };

describe('wrapText', () => {
  it('breaks at spaces, never inside a word', () => {
    expect(wrapText('Saalumarada Thimmakka', 20, 2)).toEqual(['Saalumarada', 'Thimmakka']);
  });

  it('ends with an ellipsis what does not fit in the lines allowed', () => {
    const lines = wrapText('one two three four five six seven eight nine ten', 10, 2);
    expect(lines).toHaveLength(2);
    expect(lines[1]!.endsWith('…')).toBe(true);
    expect(lines.every((line) => line.length <= 10)).toBe(true);
  });

  it('clips a single word longer than a line', () => {
    expect(wrapText('Abcdefghijklmnopqrstuvwxyz', 10, 2)).toEqual(['Abcdefghi…']);
  });
});

describe('socialCardSvg', () => {
  it('escapes & and < so a name cannot break the SVG', () => {
    const svg = socialCardSvg(CARD);
    expect(svg).toContain('SAFETY &amp; JUSTICE');
    expect(svg).toContain('&lt;against&gt;');
    expect(svg).not.toMatch(/<against>/);
  });

  it('uses the palette of tokens.css and names the site', () => {
    const svg = socialCardSvg(CARD);
    for (const colour of ['#c2185b', '#2e7d32', '#1b5e20']) expect(svg).toContain(colour);
    expect(svg).toContain('stree.example');
  });
});

describe('renderSocialCard', () => {
  it('draws a 1200×630 PNG, small enough for any link preview', async () => {
    const png = await renderSocialCard(CARD);
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // WhatsApp skips preview images over 300 KB.
    expect(png.byteLength).toBeLessThan(300 * 1024);
  });
});
