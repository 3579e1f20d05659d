import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CARD_CACHE_ENV } from '../../src/build-time/share-card-cache';
import { renderShareCard, shareCardSvg, wrapText } from '../../src/build-time/share-card';

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

describe('shareCardSvg', () => {
  it('escapes & and < so a name cannot break the SVG', () => {
    const svg = shareCardSvg(CARD);
    expect(svg).toContain('SAFETY &amp; JUSTICE');
    expect(svg).toContain('&lt;against&gt;');
    expect(svg).not.toMatch(/<against>/);
  });

  it('uses the palette of tokens.css and names the site', () => {
    const svg = shareCardSvg(CARD);
    for (const colour of ['#c2185b', '#2e7d32', '#1b5e20']) expect(svg).toContain(colour);
    expect(svg).toContain('stree.example');
  });
});

describe('renderShareCard', () => {
  let cache = '';
  beforeEach(() => {
    cache = mkdtempSync(join(tmpdir(), 'stree-card-cache-'));
    process.env[CARD_CACHE_ENV] = cache;
  });
  afterEach(() => {
    delete process.env[CARD_CACHE_ENV];
  });

  it('draws a 1200×630 PNG, small enough for any link preview', async () => {
    const png = await renderShareCard(CARD);
    const { width, height, format } = await sharp(png).metadata();
    expect({ width, height, format }).toEqual({ width: 1200, height: 630, format: 'png' });
    // WhatsApp skips preview images over 300 KB.
    expect(png.byteLength).toBeLessThan(300 * 1024);
  });

  it('draws a card once and reads it from the cache after that', async () => {
    const first = await renderShareCard(CARD);
    expect(readdirSync(cache)).toHaveLength(1);
    const again = await renderShareCard({ ...CARD });
    expect(Buffer.from(again).equals(Buffer.from(first))).toBe(true);
    expect(readdirSync(cache)).toHaveLength(1);
  });

  it('draws a new card when what it shows changes', async () => {
    await renderShareCard(CARD);
    const renamed = await renderShareCard({ ...CARD, title: 'Birubala Rabha of Thakurvila' });
    expect(readdirSync(cache)).toHaveLength(2);
    expect(Buffer.from(renamed).equals(Buffer.from(await renderShareCard(CARD)))).toBe(false);
  });
});
