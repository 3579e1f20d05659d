// schema.org descriptions of what a page shows, for search engines (JSON-LD). They repeat what the
// page prints, nothing more: structured data that says more than the page is treated as spam.
import type { CollectionEntry } from 'astro:content';
import { isSample, type SampleField } from './samples';

type Settings = CollectionEntry<'settings'>['data'];
type Product = CollectionEntry<'products'>['data'];
type Profile = CollectionEntry<'profiles'>['data'];

export type StructuredData = Record<string, unknown> & { '@type': string };

const CONTEXT = 'https://schema.org';

/**
 * The organisation, on /home. `url` and `logo` are absolute. A contact still marked as a sample in
 * the settings is left out: search engines would show a placeholder number as ours for months.
 */
export function ngoData(settings: Settings, { url, logo }: { url: string; logo: string }): StructuredData {
  const isReal = (field: SampleField) => !isSample(settings, field);
  return {
    '@context': CONTEXT,
    '@type': 'NGO',
    name: settings.organisation,
    description: settings.about,
    url,
    logo,
    ...(isReal('email') ? { email: settings.email } : {}),
    ...(isReal('phones') ? { telephone: settings.phones } : {}),
    address: {
      '@type': 'PostalAddress',
      ...(isReal('office') ? { streetAddress: settings.office.lines.join(', ') } : {}),
      addressLocality: settings.office.city,
      addressRegion: settings.office.state,
      addressCountry: settings.office.country,
    },
    parentOrganization: { '@type': 'Organization', name: settings.parentOrganisation },
    // A placeholder such as https://x.com/ names the network, not our page on it: leave it out.
    sameAs: isReal('social') ? Object.values(settings.social).filter((address) => new URL(address).pathname.length > 1) : [],
  };
}

/** A woman of the catalogue, on her profile page. */
export function personData(profile: Profile, { url, image }: { url: string; image: string }): StructuredData {
  return {
    '@context': CONTEXT,
    '@type': 'Person',
    name: profile.name,
    ...(profile.note ? { description: profile.note } : {}),
    url,
    image,
  };
}

/** One handmade item on /handmade; `url` points at its place on the page. */
export function productData(product: Product, { url, image }: { url: string; image: string }): StructuredData {
  const maker = {
    '@type': 'Organization',
    name: product.group,
    address: {
      '@type': 'PostalAddress',
      addressLocality: product.village,
      addressRegion: `${product.district}, ${product.state}`,
      addressCountry: 'IN',
    },
  };
  return {
    '@context': CONTEXT,
    '@type': 'Product',
    name: product.name,
    description: product.description,
    url,
    image,
    manufacturer: maker,
    // A sample listing asks visitors not to order (CONTENT.md): it must not look orderable to search engines either.
    ...(product.sample
      ? {}
      : { offers: { '@type': 'Offer', price: product.priceRupees, priceCurrency: 'INR', url, seller: maker } }),
  };
}

/** JSON for a `<script type="application/ld+json">`: `<` escaped so a value can never close the script. */
export const jsonLd = (data: StructuredData) => JSON.stringify(data).replace(/</g, '\\u003c');
