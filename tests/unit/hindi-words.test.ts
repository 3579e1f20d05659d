// The Hindi she reads keeps to docs/hindi.md: no word or spelling its glossary and names table
// avoid, anywhere in Hindi (the interface, the collector's copy of the form, site settings'
// Hindi, the stories and profiles), the interface speaks to her as a woman, and the stay-safe
// page gives Chrome's menu names as its table of sources has them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hi } from '../../src/i18n/hi';
import { RECORDER_STRINGS } from '../../src/i18n/recorder';
import { loadCollector } from '../apps-script/collector';

/** The cells of the table under a heading of docs/hindi.md, header rows left out. */
function table(heading: string) {
  const doc = readFileSync('docs/hindi.md', 'utf8');
  const section = doc.split(/^## /m).find((part) => part.startsWith(`${heading}\n`));
  if (!section) throw new Error(`docs/hindi.md has no "## ${heading}"`);
  const rows = section.split('\n').filter((line) => line.startsWith('| ')).slice(2);
  return rows.map((row) => row.replace(/^\| | \|$/g, '').split(' | '));
}

/** The backticked words of one column of such a table. */
const column = (heading: string, index: number) =>
  table(heading).flatMap((cells) => [...(cells[index] ?? '').matchAll(/`([^`]+)`/g)].map(([, word]) => word!));

/** Every string a value holds: functions are called with a stand-in for their argument. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (typeof value === 'function') return [String(value('{x}'))];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

function filesUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(folder, entry.name)) : [join(folder, entry.name)],
  );
}

/** The stay-safe article in Hindi: a content file since it left src/i18n (CONTENT.md, "The stay-safe page"). */
const HINDI_STAY_SAFE = 'src/content/hi/stay-safe/stay-safe.md';
const settings = JSON.parse(readFileSync('src/content/settings/site.json', 'utf8')) as { helplines: Record<string, string>[] };
const collectorHindi = (loadCollector().constant('TEXT') as Record<'hi', Record<string, string>>).hi;

/** Each place Hindi is written, with its text. */
const HINDI: [string, string][] = [
  ...strings(hi).map((text): [string, string] => ['src/i18n/hi.ts', text]),
  ...strings(RECORDER_STRINGS.hi).map((text): [string, string] => ['src/i18n/recorder.ts', text]),
  ...Object.values(collectorHindi).map((text): [string, string] => ['deploy/apps-script/Code.js', text]),
  ...settings.helplines.flatMap(({ nameHi, purposeHi }) => [nameHi, purposeHi]).map((text): [string, string] => ['src/content/settings/site.json', text ?? '']),
  ...filesUnder('src/content/hi').map((file): [string, string] => [file, readFileSync(file, 'utf8')]),
];

describe('docs/hindi.md holds the Hindi', () => {
  const avoided = [...column('Glossary', 1), ...column('Names', 1)];

  it('reads the words to avoid from its tables', () => {
    expect(avoided).toEqual(expect.arrayContaining(['ऑफ़लाइन', 'ड्राफ़्ट', 'सुरक्षित रखी', 'हिंदी', 'डिंग्को']));
  });

  it('no Hindi text uses a word or spelling the glossary or the names table avoids', () => {
    const found = HINDI.flatMap(([where, text]) => avoided.filter((word) => text.includes(word)).map((word) => `${where}: ${word}`));
    expect(found).toEqual([]);
  });

  it('the interface speaks to her as a woman: आप … सकती / जानती / चाहती हैं, never सकते / जानते', () => {
    // आप as the subject of its own clause, up to a verb in -ते हैं (हम … पढ़ते हैं is STREE, and fine).
    const masculine = /(^|[\s"(])आप\s[^।:,;"]*?ते\s+हैं/;
    const staySafe = readFileSync(HINDI_STAY_SAFE, 'utf8').split('\n');
    const found = [...strings(hi), ...Object.values(collectorHindi), ...staySafe].filter((text) => masculine.test(text));
    expect(found).toEqual([]);
  });

  it('the stay-safe page gives Chrome’s menu names as a Hindi phone shows them, the English beside', () => {
    const menuNames = table('Menu names on a Hindi phone');
    expect(menuNames.length).toBeGreaterThan(0);
    const page = readFileSync(HINDI_STAY_SAFE, 'utf8');
    const missing = menuNames.map(([english, hindi]) => `**${hindi}** (${english})`).filter((named) => !page.includes(named));
    expect(missing).toEqual([]);
  });
});
