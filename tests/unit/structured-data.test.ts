import { describe, expect, it } from 'vitest';
import { jsonLd, ngoData, productData } from '../../src/lib/structured-data';
import type { SampleField } from '../../src/lib/samples';

const settings = {
  organisation: 'STREE',
  parentOrganisation: 'Empower Bharat',
  tagline: 'Safe, strong and free',
  office: { lines: ['12 Station Road'], city: 'Surat', state: 'Gujarat', country: 'India' },
  email: 'contact@stree.example',
  phones: ['+91 98765 43210', '+91 91234 56789'],
  social: {
    twitter: 'https://x.com/',
    facebook: 'https://www.facebook.com/stree.org',
    instagram: 'https://www.instagram.com/',
    youtube: 'https://www.youtube.com/@stree',
    linkedin: 'https://www.linkedin.com/',
  },
  samples: [] as string[],
} as Parameters<typeof ngoData>[0];

const product = {
  order: 0,
  name: 'Kantha stole',
  group: 'Sample group',
  village: 'Bolpur',
  district: 'Birbhum',
  state: 'West Bengal',
  priceRupees: 850,
  description: 'Hand-stitched',
  contact: { phone: '+91 98765 43210' },
  sample: false,
} as Parameters<typeof productData>[0];
const where = { url: 'https://stree.example/handmade/#product-kantha', image: 'https://stree.example/_astro/k.svg' };

describe('ngoData', () => {
  it('names only real profiles in sameAs, not a network’s home page left as a placeholder', () => {
    const data = ngoData(settings, { url: 'https://stree.example/home/', logo: 'https://stree.example/icons/icon-512.png' });
    expect(data['@type']).toBe('NGO');
    expect(data.sameAs).toEqual(['https://www.facebook.com/stree.org', 'https://www.youtube.com/@stree']);
  });

  it('gives the contacts when they are real', () => {
    const data = ngoData(settings, { url: 'https://stree.example/home/', logo: 'https://stree.example/logo.png' });
    expect(data).toMatchObject({ email: 'contact@stree.example', telephone: settings.phones });
    expect(data.address).toMatchObject({ streetAddress: '12 Station Road', addressLocality: 'Surat' });
  });

  it('leaves out every contact still marked as a sample', () => {
    const samples = { ...settings, samples: ['office', 'email', 'phones', 'social'] satisfies SampleField[] };
    const json = JSON.stringify(ngoData(samples, { url: 'https://stree.example/home/', logo: 'https://stree.example/logo.png' }));
    for (const value of [settings.email, ...settings.phones, '12 Station Road', 'facebook.com/stree.org']) expect(json).not.toContain(value);
    expect(json).toContain('Surat');
  });
});

describe('productData', () => {
  it('offers a real listing at its price in rupees', () => {
    expect(productData(product, where).offers).toMatchObject({ '@type': 'Offer', price: 850, priceCurrency: 'INR' });
  });

  it('offers nothing for a sample listing, which visitors are told not to order', () => {
    expect(productData({ ...product, sample: true }, where).offers).toBeUndefined();
  });
});

describe('jsonLd', () => {
  it('can never close its script element early', () => {
    const text = jsonLd({ '@type': 'Thing', name: '</script><script>alert(1)</script>' });
    expect(text).not.toContain('</script>');
    expect(JSON.parse(text).name).toBe('</script><script>alert(1)</script>');
  });
});
