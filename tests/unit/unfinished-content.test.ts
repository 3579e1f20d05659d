// What every build lists as unfinished: sample values and entries without a translation.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { linksToSamples, sampleAddresses, sampleValues, untranslatedEntries } from '../../src/build-time/unfinished-content.js';

let content: string;
const write = (path: string, text = '{}') => {
  mkdirSync(dirname(join(content, path)), { recursive: true });
  writeFileSync(join(content, path), text);
};

beforeEach(() => {
  content = mkdtempSync(join(tmpdir(), 'stree-content-'));
  write('settings/site.json', JSON.stringify({
    samples: ['phones', 'statesReached'],
    phones: ['+91 00000 00000'],
    email: 'real@stree.org',
    social: { twitter: 'https://x.com/' },
    documents: { intro: 'https://stree.example/what-we-do' },
  }));
  write('testimonials/a.json', JSON.stringify({ sample: true }));
  write('testimonials/b.json', JSON.stringify({ sample: false }));
  write('products/p.json', JSON.stringify({ sample: true, contact: { email: 'orders@stree.example' } }));
  write('products/q.json', JSON.stringify({ sample: false, contact: { phone: '+91 98765 43210' } }));
  write('stories/health/asha.md', '---\nname: Asha\n---\nText');
  write('stories/health/rani.md', '---\nname: Rani\n---\nText');
  write('hi/settings/site.json');
  write('hi/testimonials/a.json');
  write('hi/testimonials/b.json');
  write('hi/products/p.json');
  write('hi/products/q.json');
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
    expect(untranslatedEntries(content, 'hi', ['hi'])).toHaveLength(7);
  });

  it('finds a link to a sample number, written any way, and leaves the real ones alone', () => {
    const samples = sampleAddresses(content);
    const html = [
      '<a href="tel:+910000000000">call</a>',
      '<a href="tel:+919876543210">a real product</a>',
      '<a href="mailto:real@stree.org">real</a>',
      '<a href="https://x.com/">X</a>',
    ].join('');
    expect(linksToSamples(html, samples)).toEqual(['tel:+910000000000 (a sample: src/content/settings/site.json: phones)']);
  });

  it('finds a sample address in an island\'s props and in a mailto with a subject', () => {
    const samples = sampleAddresses(content);
    const html = '<astro-island props="{&quot;href&quot;:[0,&quot;tel:+91 00000 00000&quot;]}"></astro-island>'
      + '<a href="mailto:orders@stree.example?subject=Basket">order</a>';
    expect(linksToSamples(html, samples)).toEqual([
      'tel:+91 00000 00000 (a sample: src/content/settings/site.json: phones)',
      'mailto:orders@stree.example?subject=Basket (a sample: src/content/products/p.json: contact)',
    ]);
  });

  it('takes the documents and social profiles as samples only while the settings mark them', () => {
    const html = '<a href="https://x.com/">X</a><a href="https://stree.example/what-we-do">Read more</a>';
    expect(linksToSamples(html, sampleAddresses(content))).toEqual([]);
    write('settings/site.json', JSON.stringify({
      samples: ['social', 'documents'],
      phones: [],
      social: { twitter: 'https://x.com/' },
      documents: { intro: 'https://stree.example/what-we-do' },
    }));
    expect(linksToSamples(html, sampleAddresses(content))).toEqual([
      'https://x.com/ (a sample: src/content/settings/site.json: social)',
      'https://stree.example/what-we-do (a sample: src/content/settings/site.json: documents)',
    ]);
  });

  it('finds a WhatsApp chat with the sample WhatsApp number, with a message or without, and no other', () => {
    write('settings/site.json', JSON.stringify({ samples: ['whatsapp'], phones: [], whatsapp: '+91 00000 00002' }));
    const html = [
      '<a href="https://wa.me/910000000002">WhatsApp</a>',
      '<a href="https://wa.me/910000000002?text=Hello">with a message</a>',
      '<a href="https://wa.me/919876543210">another number</a>',
      '<a href="https://wa.me/?text=A%20story">a share, to a chat she picks</a>',
    ].join('');
    expect(linksToSamples(html, sampleAddresses(content))).toEqual([
      'https://wa.me/910000000002 (a sample: src/content/settings/site.json: whatsapp)',
      'https://wa.me/910000000002?text=Hello (a sample: src/content/settings/site.json: whatsapp)',
    ]);
    write('settings/site.json', JSON.stringify({ samples: [], phones: [], whatsapp: '+91 00000 00002' }));
    expect(linksToSamples(html, sampleAddresses(content))).toEqual([]);
  });
});
