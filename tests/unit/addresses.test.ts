import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import {
  INBOX_PATH,
  belowBase,
  editionFolder,
  editionOfPath,
  inEdition,
  localeOfLanguage,
  storyPagePath,
  thankYouPath,
  withBase,
} from '../../src/lib/addresses';

// Routes (docs/design.md): English at the root, the Hindi twin of every page at /hi + the English path.
describe('where each edition lives', () => {
  it('puts English at the root and Hindi under /hi', () => {
    expect(inEdition('/home', 'en')).toBe('/home');
    expect(inEdition('/home', 'hi')).toBe('/hi/home');
    expect(inEdition('/', 'hi')).toBe('/hi/');
    expect(editionFolder('en')).toBe('');
    expect(editionFolder('hi')).toBe('hi/');
  });

  it('reads the edition back from a path, and the path without it', () => {
    expect(editionOfPath('/hi/salaamstree/Health & Hygiene/0')).toEqual({ locale: 'hi', path: '/salaamstree/Health & Hygiene/0' });
    expect(editionOfPath('/home')).toEqual({ locale: 'en', path: '/home' });
    // A page whose first segment merely starts like a language code stays English.
    expect(editionOfPath('/history/')).toEqual({ locale: 'en', path: '/history/' });
    expect(editionOfPath('/en/home')).toEqual({ locale: 'en', path: '/en/home' });
  });

  it('takes a language code as browsers and forms send it', () => {
    expect(localeOfLanguage('hi')).toBe('hi');
    expect(localeOfLanguage('hi-IN')).toBe('hi');
    expect(localeOfLanguage('HI')).toBe('hi');
    expect(localeOfLanguage('ta')).toBe('en');
    expect(localeOfLanguage(undefined)).toBe('en');
  });
});

describe('the deploy base', () => {
  it('prefixes a root deploy and a sub-path deploy alike', () => {
    expect(withBase('/home', '/')).toBe('/home');
    expect(withBase('/home', '/stree/')).toBe('/stree/home');
    expect(withBase(INBOX_PATH, '/stree/')).toBe('/stree/api/stories');
  });

  it('finds the path below the base', () => {
    expect(belowBase('/stree/hi/home/', '/stree/')).toBe('/hi/home/');
    expect(belowBase('/stree/', '/stree/')).toBe('/');
    expect(belowBase('/hi/home', '/')).toBe('/hi/home');
  });
});

describe('the pages a story leads to', () => {
  it('names a story by its category title and 0-based index (specification §2)', () => {
    expect(storyPagePath('Safety & Justice', 0, 'en')).toBe('/salaamstree/Safety%20&%20Justice/0');
    expect(storyPagePath('Safety & Justice', 2, 'hi')).toBe('/hi/salaamstree/Safety%20&%20Justice/2');
  });

  it('thanks her in her own edition', () => {
    expect(thankYouPath('en')).toBe('/story-sent/');
    expect(thankYouPath('hi')).toBe('/hi/story-sent/');
  });
});

// The rules above are spelled once: a second spelling elsewhere drifts the day one of them changes.
describe('one spelling of the addresses', () => {
  const SECOND_SPELLINGS = [
    { pattern: '=== DEFAULT_LOCALE \\?|!== DEFAULT_LOCALE \\?', what: 'English-at-the-root decided by hand' },
    { pattern: "locale [!=]==? ?['\"]en['\"]|['\"]en['\"] [!=]==? ?locale", what: 'the default edition written as a literal' },
    { pattern: "['\"`]/?api/stories", what: "the inbox's path" },
  ];
  // The Apps Script is pasted alone into Google's editor and cannot import; its tests hold it to the rules.
  const PLACES = ['src', 'server', 'scripts', 'astro.config.mjs', ':!src/lib/addresses.ts'];

  for (const { pattern, what } of SECOND_SPELLINGS) {
    it(`writes ${what} only in src/lib/addresses.ts`, () => {
      const search = spawnSync('git', ['grep', '-nE', pattern, '--', ...PLACES], { encoding: 'utf8' });
      // git grep exits 1 when nothing matches; anything else (no git, not a checkout) searched nothing.
      expect(search.status, `git grep could not search: ${search.stderr}`).not.toBe(null);
      expect([0, 1], `git grep could not search: ${search.stderr}`).toContain(search.status);
      expect(search.stdout).toBe('');
    });
  }
});
