// Extra stories and profiles for the scale bench, written like an editor's files so they go
// through the same schemas, image checks and pages as the real ones.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, parse } from 'node:path';

const ids = (dir) =>
  readdirSync(dir)
    .filter((name) => !name.startsWith('.'))
    .map((name) => parse(name).name)
    .sort();

const markdownIn = (dir) => readdirSync(dir).filter((name) => name.endsWith('.md')).sort();

function parseEntry(text) {
  const [, frontmatter, body] = text.match(/^---\n([\s\S]*?)\n---\n([\s\S]*)$/) ?? [];
  if (frontmatter === undefined) throw new Error('a content file without frontmatter');
  const field = (name) => frontmatter.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1];
  return { image: field('image'), order: Number(field('order')), body };
}

/** The real entries of one collection folder per category: their highest order and a sample. */
function survey(collectionDir, categories) {
  return categories.map((category) => {
    const dir = join(collectionDir, category);
    const entries = markdownIn(dir).map((name) => parseEntry(readFileSync(join(dir, name), 'utf8')));
    if (entries.length === 0) throw new Error(`${dir} has no entries to model the extra ones on`);
    return { category, dir, nextOrder: Math.max(...entries.map((e) => e.order)) + 1, sample: entries[0] };
  });
}

// One image for every extra entry: the bench measures pages and build, not image processing.
function writeEntries(groups, count, kind, frontmatterOf) {
  const image = groups[0].sample.image;
  for (let n = 0; n < count; n += 1) {
    const group = groups[n % groups.length];
    const order = group.nextOrder + Math.floor(n / groups.length);
    const number = String(n + 1).padStart(4, '0');
    const lines = frontmatterOf({ number, category: group.category, order, image });
    writeFileSync(join(group.dir, `bench-${kind}-${number}.md`), `---\n${lines.join('\n')}\n---\n${group.sample.body}`);
  }
}

/** Adds `stories` stories and `profiles` profiles to the project copy in `projectDir`. */
export function addSyntheticContent(projectDir, { stories, profiles }) {
  const content = join(projectDir, 'src', 'content');
  const storyCategories = ids(join(content, 'story-categories'));
  const profileCategories = ids(join(content, 'profile-categories'));
  writeEntries(survey(join(content, 'stories'), storyCategories), stories, 'story', ({ number, order, image }) => [
    `name: Bench Storyteller ${number}`,
    `order: ${order}`,
    `summary: Synthetic story ${number}, added to measure how the site scales`,
    `image: ${image}`,
    `imageAlt: Illustrated monogram with the initials B S`,
  ]);
  writeEntries(survey(join(content, 'profiles'), profileCategories), profiles, 'profile', ({ number, order, image }) => [
    `name: Bench Profile ${number}`,
    `note: synthetic, for the scale bench`,
    `order: ${order}`,
    `image: ${image}`,
    `imageAlt: Illustrated monogram with the initials B P`,
  ]);
  return { stories, profiles, storyCategories: storyCategories.length, profileCategories: profileCategories.length };
}
