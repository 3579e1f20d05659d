// The helplines and the neutral address in site settings (docs/help.md): an editor's mistake is
// refused with the field named and what to write instead.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'astro/zod';
import { collections } from '../../src/content.config';

const image = () => z.string();
const { schema } = collections.settings;
const settingsSchema = typeof schema === 'function' ? schema({ image } as never) : schema!;
const site = JSON.parse(readFileSync('src/content/settings/site.json', 'utf8')) as Record<string, unknown> & { helplines: Record<string, unknown>[] };

function issues(data: unknown) {
  const result = settingsSchema.safeParse(data);
  return result.success ? [] : result.error.issues.map((issue) => ({ field: issue.path.join('.'), message: issue.message }));
}

const withHelpline = (change: Record<string, unknown>) => ({ ...site, helplines: [{ ...site.helplines[0], ...change }, ...site.helplines.slice(1)] });

describe('the helplines and the neutral address in settings', () => {
  it('accepts the settings file as it is, helplines and neutral address included', () => {
    expect(issues(site)).toEqual([]);
    const parsed = settingsSchema.parse(site) as { helplines: unknown[]; exitAddress: string };
    expect(parsed.helplines).toHaveLength(site.helplines.length);
    expect(parsed.exitAddress).toBe(site.exitAddress);
  });

  it('lists the five national helplines of docs/design.md', () => {
    expect(site.helplines.map((h) => h.number)).toEqual(['112', '181', '1098', '7827170170', '1930']);
  });

  it('asks for a number as it is dialled, digits only', () => {
    expect(issues(withHelpline({ number: '78271 70170' }))).toEqual([
      { field: 'helplines.0.number', message: 'write the number with digits only, as it is dialled: 181' },
    ]);
  });

  it('asks for the Hindi name, the source and the date it was checked', () => {
    const { nameHi: _, ...withoutHindi } = site.helplines[0]!;
    expect(issues({ ...site, helplines: [withoutHindi] }).map((i) => i.field)).toEqual(['helplines.0.nameHi']);
    expect(issues(withHelpline({ source: 'a newspaper' }))[0]?.field).toBe('helplines.0.source');
    expect(issues(withHelpline({ checked: '23/11/2026' }))).toEqual([
      { field: 'helplines.0.checked', message: 'write the date it was checked as YYYY-MM-DD, e.g. 2026-11-23' },
    ]);
  });

  it('refuses a misspelt key in a helpline', () => {
    expect(issues(withHelpline({ purpse: 'typo' })).map((i) => i.message).join(' ')).toMatch(/purpse/);
  });

  it('goes to Google when no neutral address is given, and takes only an https address', () => {
    const { exitAddress: _, ...withoutExit } = site;
    const parsed = settingsSchema.parse(withoutExit) as { exitAddress: string };
    expect(parsed.exitAddress).toBe('https://www.google.com/');
    expect(issues({ ...site, exitAddress: 'http://example.org/' })[0]?.field).toBe('exitAddress');
  });

  it('asks for the WhatsApp number with its country code, as a wa.me link needs it', () => {
    expect(issues({ ...site, whatsapp: '+91 98765 43210' })).toEqual([]);
    expect(issues({ ...site, whatsapp: '98765 43210' })).toEqual([
      { field: 'whatsapp', message: 'write the number with its country code, e.g. +91 98765 43210' },
    ]);
  });
});
