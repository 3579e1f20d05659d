// The counts the spec and issue #5 ask of the content, read from the editors' folders.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const CONTENT = join(process.cwd(), 'src', 'content');
const files = (folder: string) =>
  readdirSync(join(CONTENT, folder), { recursive: true, encoding: 'utf8' }).filter((name) => /\.(md|json)$/.test(name));
const frontmatter = (folder: string, name: string) => readFileSync(join(CONTENT, folder, name), 'utf8').split('---')[1]!;
const json = (folder: string) => files(folder).map((name) => JSON.parse(readFileSync(join(CONTENT, folder, name), 'utf8')));

describe('the content has what the spec asks for', () => {
  it('3 banner slides, 8 focus issues, 6 solutions, 9 testimonials', () => {
    expect(files('banner')).toHaveLength(3);
    expect(files('focus')).toHaveLength(8);
    expect(files('solutions')).toHaveLength(6);
    expect(files('testimonials')).toHaveLength(9);
  });

  it('exactly one testimonial is in Hindi, written in Devanagari', () => {
    const hindi = json('testimonials').filter((t) => t.lang === 'hi');
    expect(hindi).toHaveLength(1);
    expect(hindi[0].text).toMatch(/[\u0900-\u097F]/);
  });

  it('5 story categories, each with at least 4 stories', () => {
    const categories = files('story-categories').map((name) => name.replace('.json', ''));
    expect(categories).toHaveLength(5);
    for (const id of categories) {
      const stories = files(`stories/${id}`);
      expect(stories.length, id).toBeGreaterThanOrEqual(4);
    }
  });

  it('at least 48 profiles across at least 6 categories, none empty', () => {
    expect(files('profiles').length).toBeGreaterThanOrEqual(48);
    const categories = files('profile-categories').map((name) => name.replace('.json', ''));
    expect(categories.length).toBeGreaterThanOrEqual(6);
    for (const id of categories) {
      expect(files(`profiles/${id}`).length, id).toBeGreaterThan(0);
    }
  });

  it('the catalogue spells Entrepreneur correctly', () => {
    const titles = json('profile-categories').map((c) => c.title);
    expect(titles).toContain('Entrepreneur');
    expect(titles.join(' ')).not.toMatch(/Entrepreneuer/);
  });

  it('at least 8 handmade products, each saying how to order', () => {
    const products = json('products');
    expect(products.length).toBeGreaterThanOrEqual(8);
    for (const product of products) expect(Object.keys(product.contact).length, product.name).toBeGreaterThan(0);
  });

  it('a card summary never reads as her own words (no first person)', () => {
    for (const name of files('stories')) {
      const summary = frontmatter('stories', name).match(/^summary:\s*(.+)$/m)![1]!;
      expect(summary, name).not.toMatch(/\b(I|my|me|I'm|I've)\b/);
    }
  });
});
