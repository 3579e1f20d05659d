// The built site is served as a static host would serve it: these check the addresses our pages
// link to (titles with spaces, & and letters beyond ASCII) find their files, and 404s are real.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staticSite } from '../../server/static-site.js';
import { normaliseBase } from '../../src/lib/base-path.js';
import { storyPath } from '../../src/lib/paths';

const TITLES = ['Safety & Justice', 'स्वास्थ्य और स्वच्छता', 'Land, Water + Seeds'];
let dist: string;
let server: Server;
let origin: string;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'stree-dist-'));
  writeFileSync(join(dist, '404.html'), '<h1>Unexpected Application Error!</h1>');
  for (const title of TITLES) {
    mkdirSync(join(dist, 'salaamstree', title, '0'), { recursive: true });
    writeFileSync(join(dist, 'salaamstree', title, '0', 'index.html'), `<h1>${title}</h1>`);
  }
  server = createServer(staticSite(dist));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => {
  server.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('story addresses on a static host', () => {
  for (const title of TITLES) {
    it(`/salaamstree/${title}/0 is found`, async () => {
      const response = await fetch(origin + storyPath(title, 0));
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(title);
    });
  }

  // How encodeURIComponent writes a title (`%26` for &, `%2B`, `%2C`), and other spellings of the
  // same path: sirv alone would miss these folders, static hosts do not.
  for (const [title, path] of [
    ['Safety & Justice', '/salaamstree/Safety%20%26%20Justice/0/'],
    ['Safety & Justice', '/salaamstree/Safety%20%26%20Justice/0'],
    ['Safety & Justice', '/salaamstree/Safety & Justice/0/'],
    ['Safety & Justice', '/salaamstree/%53afety%20%26%20Justice/0/?from=share'],
    ['Land, Water + Seeds', `/salaamstree/${encodeURIComponent('Land, Water + Seeds')}/0/`],
    ['स्वास्थ्य और स्वच्छता', `/salaamstree/${encodeURIComponent('स्वास्थ्य और स्वच्छता')}/0/`],
  ]) {
    it(`${path} finds the ${title} story`, async () => {
      const response = await fetch(origin + path);
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(title);
    });
  }

  it('an encoded slash stays part of a name, never a new folder', async () => {
    expect((await fetch(`${origin}/salaamstree%2FSafety%20%26%20Justice/0/`)).status).toBe(404);
  });

  it('answers an unknown address with the 404 page and status 404', async () => {
    const response = await fetch(`${origin}/salaamstree/Nothing/9`);
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Unexpected Application Error!');
  });
});

describe('compression', () => {
  it('sends text gzip-compressed to a browser that accepts it, as static hosts do', async () => {
    const response = await fetch(`${origin}/salaamstree/Nothing/9`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(await response.text()).toContain('Unexpected Application Error!');
  });
});

describe('a site built for a sub-path (BASE_PATH=/stree/)', () => {
  let subServer: Server;
  let subOrigin: string;

  beforeAll(async () => {
    subServer = createServer(staticSite(dist, { base: '/stree/' }));
    await new Promise<void>((resolve) => subServer.listen(0, '127.0.0.1', resolve));
    subOrigin = `http://127.0.0.1:${(subServer.address() as AddressInfo).port}`;
  });

  afterAll(() => {
    subServer.close();
  });

  it('finds a story below the sub-path', async () => {
    const response = await fetch(`${subOrigin}/stree${storyPath(TITLES[0]!, 0)}`);
    expect(response.status).toBe(200);
    expect(await response.text()).toContain(TITLES[0]);
  });

  it('answers the same address outside the sub-path with 404', async () => {
    const response = await fetch(subOrigin + storyPath(TITLES[0]!, 0));
    expect(response.status).toBe(404);
    expect(await response.text()).toContain('Unexpected Application Error!');
  });

  it('sends the sub-path without its slash on to the site', async () => {
    const response = await fetch(`${subOrigin}/stree`, { redirect: 'manual' });
    expect(response.status).toBe(301);
    expect(response.headers.get('location')).toBe('/stree/');
  });
});

describe('normaliseBase', () => {
  it.each([
    [undefined, '/'],
    ['', '/'],
    ['/', '/'],
    ['stree', '/stree/'],
    ['/stree', '/stree/'],
    ['/stree/', '/stree/'],
    [' /org/stree// ', '/org/stree/'],
  ])('reads BASE_PATH %j as %j', (value, base) => {
    expect(normaliseBase(value)).toBe(base);
  });
});
