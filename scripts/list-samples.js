// Run after every build: lists each value in src/content that is still a sample, so nobody
// publishes placeholder phone numbers or team names by mistake.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const CONTENT = 'src/content';
const readJson = (path) => JSON.parse(readFileSync(join(CONTENT, path), 'utf8'));
const jsonFiles = (folder) =>
  readdirSync(join(CONTENT, folder)).filter((name) => name.endsWith('.json')).map((name) => join(folder, name));

export function sampleValues() {
  const settings = readJson('settings/site.json');
  const fromSettings = settings.samples.map((field) => `settings/site.json: ${field}`);
  const flagged = ['testimonials', 'products'].flatMap((folder) =>
    jsonFiles(folder).filter((path) => readJson(path).sample === true).map((path) => `${path}: sample entry`),
  );
  return [...fromSettings, ...flagged];
}

const samples = sampleValues();
if (samples.length > 0) {
  console.log(`\nStill sample content (${samples.length}): replace with the organisation's own, then drop the sample mark.`);
  for (const line of samples) console.log(`  - src/content/${line}`);
}
