// What the organisation has still to supply: each value in src/content that is still a sample,
// listed after every build so nobody publishes placeholder phone numbers or team names by mistake.
import { readFileSync, readdirSync } from 'node:fs';
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
