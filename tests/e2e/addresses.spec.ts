// Every story and category address answers from `npm start` however the title in it is spelt:
// `&` raw, as encodeURI writes it (`%20&%20`), or as encodeURIComponent writes it (`%26`), which
// is how a share or a copied link often carries it (docs/stories.md, "Addresses").
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';

const DIST = join(process.cwd(), 'dist', 'salaamstree');

/** Each category folder of the build, with its story folders. */
const categories = readdirSync(DIST, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map(({ name }) => ({
    title: name,
    stories: readdirSync(join(DIST, name), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name),
  }));

const spellings = (title: string) => [...new Set([title, encodeURI(title), encodeURIComponent(title)])];

test('the build has categories whose titles need encoding', () => {
  expect(categories.some(({ title }) => encodeURIComponent(title) !== encodeURI(title))).toBe(true);
});

test('every category and story address answers 200 in every spelling of its title', async ({ request }) => {
  const failures: string[] = [];
  for (const { title, stories } of categories) {
    for (const spelt of spellings(title)) {
      for (const path of [`/salaamstree/${spelt}/`, ...stories.flatMap((index) => [`/salaamstree/${spelt}/${index}`, `/salaamstree/${spelt}/${index}/`])]) {
        const response = await request.get(path, { maxRedirects: 0 });
        if (response.status() !== 200) failures.push(`${path}: ${response.status()}`);
      }
    }
  }
  expect(failures).toEqual([]);
});
