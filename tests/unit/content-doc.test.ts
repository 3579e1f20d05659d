// CONTENT.md's field tables come from the schema (src/build-time/content-doc-file.ts): this fails when
// they drift. `npm run content-doc` writes them anew.
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { SOURCES } from '../../src/content.config';
import { fieldTable } from '../../src/build-time/content-doc';
import { contentDoc } from '../../src/build-time/content-doc-file';

describe('CONTENT.md', () => {
  it('has the field tables the schema gives, for every collection', () => {
    const { current, written } = contentDoc(process.cwd());
    for (const folder of Object.values(SOURCES).map((s) => s.folder)) {
      expect(current, `CONTENT.md has no table for ${folder}/`).toContain(`<!-- fields: ${folder} `);
    }
    expect(current, 'CONTENT.md is out of date: run npm run content-doc').toBe(written);
  });

  it('names every field inside a group and inside each group of a list, with its example', () => {
    const schema = z.strictObject({
      office: z.strictObject({ city: z.string().describe('City') }).describe('Office'),
      helplines: z.array(z.strictObject({ number: z.string().describe('As dialled'), free: z.string().optional() })),
    });
    const table = fieldTable({ schema, example: { office: { city: 'Surat' }, helplines: [{ number: '112' }] } });
    expect(table).toContain('| `office.city` | required | text | City | `"Surat"` |');
    expect(table).toContain('| `helplines` | required | list of groups of fields |');
    expect(table).toContain('| `helplines[].number` | required | text | As dialled | `"112"` |');
    expect(table).toContain('| `helplines[].free` | optional | text |');
  });
});
