// What the content still lacks, listed after every build: each value that is still a sample (so
// nobody publishes placeholder phone numbers or team names by mistake) and each entry not yet
// translated (so the Hindi edition's gaps are never silent).
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const readJson = (content, path) => JSON.parse(readFileSync(join(content, path), 'utf8'));
const jsonFiles = (content, folder) =>
  readdirSync(join(content, folder)).filter((name) => name.endsWith('.json')).map((name) => `${folder}/${name}`);

/** `src/content/…: field` for every value marked as a sample. */
export function sampleValues(content = 'src/content') {
  const settings = readJson(content, 'settings/site.json');
  const fromSettings = settings.samples.map((field) => `settings/site.json: ${field}`);
  const flagged = ['testimonials', 'products'].flatMap((folder) =>
    jsonFiles(content, folder).filter((path) => readJson(content, path).sample === true).map((path) => `${path}: sample entry`),
  );
  return [...fromSettings, ...flagged].map((line) => `src/content/${line}`);
}

const digits = (phone) => phone.replace(/\D/g, '');

/**
 * Every address a page must never link to while it is a sample (src/lib/samples.ts): the sample
 * phones, WhatsApp number, e-mail, documents and social profiles of the settings, and the contacts
 * of sample products.
 * @returns {{ address: string, where: string }[]} `tel:` and `mailto:` addresses as a page writes them
 */
export function sampleAddresses(content = 'src/content') {
  const settings = readJson(content, 'settings/site.json');
  const where = (field) => `src/content/settings/site.json: ${field}`;
  const marked = (field) => settings.samples.includes(field);
  const fromSettings = [
    ...(marked('phones') ? settings.phones.map((phone) => ({ address: `tel:${digits(phone)}`, where: where('phones') })) : []),
    ...(marked('whatsapp') ? [{ address: `https://wa.me/${digits(settings.whatsapp)}`, where: where('whatsapp') }] : []),
    ...(marked('email') ? [{ address: `mailto:${settings.email}`, where: where('email') }] : []),
    ...(marked('documents') ? Object.values(settings.documents).map((address) => ({ address, where: where('documents') })) : []),
    ...(marked('social') ? Object.values(settings.social).map((address) => ({ address, where: where('social') })) : []),
  ];
  const fromProducts = jsonFiles(content, 'products').flatMap((path) => {
    const { sample, contact } = readJson(content, path);
    if (sample !== true) return [];
    const addresses = [contact.phone && `tel:${digits(contact.phone)}`, contact.email && `mailto:${contact.email}`, contact.whatsapp];
    return addresses.filter(Boolean).map((address) => ({ address, where: `src/content/${path}: contact` }));
  });
  return [...fromSettings, ...fromProducts];
}

/** A quoted address as a page names it: in an attribute, or in an island's props (entities undone). */
const QUOTED_ADDRESS = /"((?:tel:|mailto:|https?:\/\/)[^"]*)"/g;

/** WhatsApp's click-to-chat, by the digits of its number: https://wa.me/919876543210?text=… */
const WHATSAPP_CHAT = /^https:\/\/(?:api\.)?wa\.me\/(\d+)/;

/**
 * The same address for our purpose: a `tel:` by its digits, a `mailto:` without its subject, a
 * WhatsApp chat by its number's digits.
 */
function sameAddress(named, sample) {
  if (sample.startsWith('tel:')) return named.startsWith('tel:') && digits(named) === sample.slice(4);
  if (WHATSAPP_CHAT.test(sample)) return named.match(WHATSAPP_CHAT)?.[1] === sample.match(WHATSAPP_CHAT)[1];
  if (sample.startsWith('mailto:')) return named.split('?')[0].toLowerCase() === sample.toLowerCase();
  return named === sample;
}

/**
 * Each place in a page's HTML that links to a sample address: a sample must never act as real
 * (a call that reaches nobody, a profile that is not ours).
 * @param {string} html
 * @param {{ address: string, where: string }[]} samples from `sampleAddresses`
 */
export function linksToSamples(html, samples) {
  const text = html.replaceAll('&quot;', '"').replaceAll('&#34;', '"').replaceAll('&amp;', '&');
  return [...text.matchAll(QUOTED_ADDRESS)].flatMap(([, named]) =>
    samples.filter((sample) => sameAddress(named, sample.address)).map((sample) => `${named} (a sample: ${sample.where})`),
  );
}

const entryFiles = (dir, prefix = '') =>
  readdirSync(join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const path = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) return entryFiles(dir, path);
    return /\.(json|md)$/.test(entry.name) ? [path] : [];
  });

/**
 * `src/content/…` for every English entry that has no translation in `locale` (no file at the same
 * place under src/content/{locale}/): its English shows on that edition's pages, under a notice.
 * @param {string} content
 * @param {string} locale
 * @param {readonly string[]} editionFolders every edition's folder, which holds translations, not entries
 */
export function untranslatedEntries(content, locale, editionFolders) {
  const translated = new Set(existsSync(join(content, locale)) ? entryFiles(join(content, locale)) : []);
  return entryFiles(content)
    .filter((path) => !editionFolders.includes(path.split('/')[0]))
    .filter((path) => !translated.has(path))
    .map((path) => `src/content/${path}`);
}
