import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { collections } from '../../src/content.config';

/** Stand-in for Astro's image(): the path is checked by the loader, not the schema. */
const image = () => z.string();

function schemaOf(name: keyof typeof collections) {
  const { schema } = collections[name];
  return typeof schema === 'function' ? schema({ image } as never) : schema!;
}

function fieldsRejected(name: keyof typeof collections, data: unknown) {
  const result = schemaOf(name).safeParse(data);
  if (result.success) return [];
  return result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

const validStory = {
  name: 'A Storyteller',
  order: 0,
  summary: 'Brought clean water to her village',
  image: './a.svg',
  imageAlt: 'Illustrated monogram',
};

describe('the stories schema', () => {
  it('accepts a complete story', () => {
    expect(fieldsRejected('stories', validStory)).toEqual([]);
  });

  it('names a missing name field', () => {
    const { name: _, ...withoutName } = validStory;
    expect(fieldsRejected('stories', withoutName).map((i) => i.field)).toEqual(['name']);
  });

  it('rejects a category field: the folder is the category', () => {
    expect(fieldsRejected('stories', { ...validStory, category: 'health' }).map((i) => i.message).join(' ')).toMatch(/category/);
  });

  it('rejects a misspelt key', () => {
    const issues = fieldsRejected('stories', { ...validStory, sumary: 'typo' });
    expect(issues.map((i) => i.message).join(' ')).toMatch(/sumary/);
  });

  it('rejects a negative or fractional order', () => {
    expect(fieldsRejected('stories', { ...validStory, order: -1 })[0]?.field).toBe('order');
    expect(fieldsRejected('stories', { ...validStory, order: 1.5 })[0]?.field).toBe('order');
  });
});

describe('the settings samples list', () => {
  const site = JSON.parse(readFileSync('src/content/settings/site.json', 'utf8')) as Record<string, unknown>;

  it('accepts the fields the site can show as samples', () => {
    expect(fieldsRejected('settings', { ...site, samples: ['phones', 'social', 'statesReached'] })).toEqual([]);
  });

  // A misspelt name would leave a sample number working as a call link: it must stop the build.
  it('names a misspelt sample field and lists the names it takes', () => {
    const [issue, ...rest] = fieldsRejected('settings', { ...site, samples: ['phone'] });
    expect(rest).toEqual([]);
    expect(issue?.field).toBe('samples.0');
    expect(issue?.message).toMatch(/phones, social, documents/);
  });
});
