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
