import { describe, expect, it } from 'vitest';
import { canonicalPath, pathSegment, storyPath } from '../../src/lib/paths';

describe('pathSegment', () => {
  it('keeps a title one segment: a slash, question mark or hash is encoded', () => {
    expect(pathSegment('Girls / Boys? #1')).toBe('Girls%20%2F%20Boys%3F%20%231');
  });

  it('leaves & as it is, so a server that decodes with decodeURI finds the folder', () => {
    const segment = pathSegment('Safety & Justice');
    expect(segment).toBe('Safety%20&%20Justice');
    expect(decodeURI(segment)).toBe('Safety & Justice');
  });

  it('percent-encodes letters beyond ASCII as UTF-8', () => {
    const segment = pathSegment('स्वास्थ्य');
    expect(segment).toMatch(/^(%[0-9A-F]{2})+$/);
    expect(decodeURI(segment)).toBe('स्वास्थ्य');
  });
});

describe('storyPath', () => {
  it('is /salaamstree/{category title}/{index}', () => {
    expect(storyPath('Health & Hygiene', 2)).toBe('/salaamstree/Health%20&%20Hygiene/2');
  });
});

describe('canonicalPath', () => {
  it.each([
    ['/home', '/home/'],
    ['/home/', '/home/'],
    ['/salaamstree/Health%20&%20Hygiene/0', '/salaamstree/Health%20&%20Hygiene/0/'],
    ['/', '/'],
    ['/404.html', '/404.html'],
  ])('gives %s the folder address %s, as the sitemap lists it', (pathname, canonical) => {
    expect(canonicalPath(pathname)).toBe(canonical);
  });
});
