// What every build lists as unfinished: sample values and entries without a translation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleValues, untranslatedEntries } from '../../src/build/unfinished-content.js';

let content: string;
const write = (path: string, text = '{}') => {
  mkdirSync(dirname(join(content, path)), { recursive: true });
  writeFileSync(join(content, path), text);
};

beforeEach(() => {
  content = mkdtempSync(join(tmpdir(), 'stree-content-'));
  write('settings/site.json', JSON.stringify({ samples: ['phones', 'statesReached'] }));
  write('testimonials/a.json', JSON.stringify({ sample: true }));
  write('testimonials/b.json', JSON.stringify({ sample: false }));
  write('products/p.json', JSON.stringify({ sample: true }));
  write('stories/health/asha.md', '---\nname: Asha\n---\nText');
  write('stories/health/rani.md', '---\nname: Rani\n---\nText');
  write('hi/settings/site.json');
  write('hi/testimonials/a.json');
  write('hi/testimonials/b.json');
  write('hi/products/p.json');
  write('hi/stories/health/asha.md', '---\nname: आशा\n---\nपाठ');
});
afterEach(() => rmSync(content, { recursive: true, force: true }));

describe('what the build lists as unfinished', () => {
  it('names every sample field of the settings and every entry marked as a sample', () => {
    expect(sampleValues(content)).toEqual([
      'src/content/settings/site.json: phones',
      'src/content/settings/site.json: statesReached',
      'src/content/testimonials/a.json: sample entry',
      'src/content/products/p.json: sample entry',
    ]);
  });

  it('names every English entry with no translation at the same place, and nothing else', () => {
    expect(untranslatedEntries(content, 'hi', ['hi'])).toEqual(['src/content/stories/health/rani.md']);
  });

  it('names every entry when an edition has no folder yet', () => {
    rmSync(join(content, 'hi'), { recursive: true });
    expect(untranslatedEntries(content, 'hi', ['hi'])).toHaveLength(6);
  });
});
