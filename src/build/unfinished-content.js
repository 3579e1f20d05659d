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
