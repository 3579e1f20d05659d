// What the build adds for security (src/build-time/security/) on a small dist/ of our own making, and
// the server that sends what it wrote (server/static-site.js). Astro itself hashes each page's
// inline code into its <meta> policy; tests/e2e/security.spec.ts checks that on the real site.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordingPatterns, sitePolicy, writeSecurityHeaders } from '../../src/build-time/security/headers.js';
import { checkPages } from '../../src/build-time/security/check-pages.js';
import { checkPage, directivesOf, hashSource, metaPolicy, narrowPolicy, unsafeMarkup } from '../../src/build-time/security/page-check.js';
import { policyDirectives, storyOrigins } from '../../src/build-time/security/policy.js';
import { RUNTIME_STYLE_HASHES, runtimeStyleHashes } from '../../src/build-time/security/runtime-styles.js';
import { headersFor, parseHeadersFile } from '../../server/headers-file.js';
import { staticSite } from '../../server/static-site.js';

const CACHE_RULES = '/sw.js\n  Cache-Control: no-cache\n';
const PAGE_A = "default-src 'self'; script-src 'self' 'sha256-AAA='; style-src 'self' 'sha256-SA='";
const PAGE_B = "default-src 'self'; script-src 'self' 'sha256-BBB='; style-src 'self' 'sha256-SB='";

const page = (body: string) => `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>T</title></head><body>${body}</body></html>`;

let dist: string;

beforeEach(() => {
  dist = mkdtempSync(join(tmpdir(), 'stree-dist-'));
  mkdirSync(join(dist, 'b'));
  writeFileSync(join(dist, 'b', 'index.html'), page('<p>B</p>'));
  writeFileSync(join(dist, '404.html'), page('<h1>Unexpected Application Error!</h1>'));
  writeFileSync(join(dist, 'sw.js'), '');
  writeFileSync(join(dist, '_headers'), CACHE_RULES);
});

afterEach(() => rmSync(dist, { recursive: true, force: true }));

const read = (path: string) => readFileSync(join(dist, path), 'utf8');

describe('the site-wide policy in _headers', () => {
  it("allows every page's hashes, keeps 'self' first and adds frame-ancestors, which a <meta> cannot carry", () => {
    const policy = directivesOf(sitePolicy([PAGE_A, PAGE_B]));
    expect(policy.get('script-src')).toEqual(["'self'", "'sha256-AAA='", "'sha256-BBB='"]);
    expect(policy.get('style-src')).toEqual(["'self'", "'sha256-SA='", "'sha256-SB='"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });

  it('keeps the lines already in _headers and adds the security headers for every path', () => {
    writeSecurityHeaders(dist, [PAGE_A]);
    const headers = read('_headers');
    expect(headers.startsWith(CACHE_RULES)).toBe(true);
    const block = headers.slice(headers.indexOf('\n/*\n'));
    expect(block).toMatch(/^\/b\/\*\n {2}Content-Security-Policy: default-src 'self'; script-src 'self' 'sha256-AAA='/m);
    expect(block).toMatch(/^ {2}X-Content-Type-Options: nosniff$/m);
    expect(block).toMatch(/^ {2}Referrer-Policy: strict-origin$/m);
    expect(block).toMatch(/^ {2}Permissions-Policy: .*camera=\(\).*geolocation=\(\).*microphone=\(\)/m);
  });

  it("gives the editors' /admin/ its own policy and none of the site's, as a host joins every rule that matches", async () => {
    mkdirSync(join(dist, 'admin'));
    writeFileSync(join(dist, 'admin', 'index.html'), page('<p>Editor</p>'));
    writeSecurityHeaders(dist, [PAGE_A], { editorPolicy: "default-src 'self'; style-src 'self' 'unsafe-inline'" });
    const server = createServer(staticSite(dist));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      // `/admin` as well as `/admin/`: a host may serve the folder's page at either.
      for (const path of ['/admin/', '/admin', '/admin/index.html']) {
        const editor = await fetch(origin + path);
        expect(editor.status, path).toBe(200);
        expect(editor.headers.get('content-security-policy'), path).toBe("default-src 'self'; style-src 'self' 'unsafe-inline'; frame-ancestors 'none'");
        expect(editor.headers.get('x-content-type-options'), path).toBe('nosniff');
      }
      for (const path of ['/', '/b', '/b/', '/sw.js']) {
        expect((await fetch(origin + path)).headers.get('content-security-policy'), path).toMatch(/^default-src 'self'; script-src 'self' 'sha256-AAA='/);
      }
    } finally {
      await new Promise((done) => server.close(done));
    }
  });

  it('stops the build, naming the rule, when a line is longer than the 2,000 characters Cloudflare Pages reads', () => {
    /** A page policy whose line in _headers is exactly `length` characters long. */
    const policyOfLine = (length: number) => {
      const line = `  Content-Security-Policy: ${sitePolicy([PAGE_A])}`;
      return PAGE_A.replace("'sha256-AAA='", `'sha256-${'A'.repeat(length - line.length + 3)}='`);
    };
    writeSecurityHeaders(dist, [policyOfLine(2000)]);
    expect(Math.max(...read('_headers').split('\n').map((line) => line.length))).toBe(2000);
    rmSync(join(dist, '_headers'));
    expect(() => writeSecurityHeaders(dist, [policyOfLine(2001)])).toThrow(
      '_headers: the rule / has a line of 2,001 characters (its Content-Security-Policy header); Cloudflare Pages reads at most 2,000',
    );
    // Lines others put in the file are read too.
    writeFileSync(join(dist, '_headers'), `/fonts/*\n  Link: ${'<a>; rel=preload, '.repeat(120)}\n`);
    expect(() => writeSecurityHeaders(dist, [PAGE_A])).toThrow(/the rule \/fonts\/\* has a line of 2,16\d characters \(its Link header\)/);
  });

  it('gives the same file when it runs twice', () => {
    writeSecurityHeaders(dist, [PAGE_A, PAGE_B]);
    const once = read('_headers');
    writeSecurityHeaders(dist, [PAGE_B, PAGE_A]);
    expect(read('_headers')).toBe(once);
  });
});

/**
 * What a browser makes of a Permissions-Policy: a Structured Fields dictionary, in which a key
 * given twice keeps its last value (RFC 8941, 3.2). Our values are inner lists, with no comma inside.
 */
function allowed(policy: string | undefined) {
  return Object.fromEntries((policy ?? '').split(',').map((member) => member.trim().split('=') as [string, string]));
}

describe('the microphone, on the pages with the story form only', () => {
  const FORM = '<section data-story-endpoint="/api/stories"><form></form></section>';
  const pages: Record<string, string> = {
    'home/index.html': FORM,
    'hi/home/index.html': FORM,
    'salaamstree/Safety & Justice/0/index.html': FORM,
    'salaamstree/Safety & Justice/12/index.html': FORM,
    'hi/salaamstree/Safety & Justice/0/index.html': FORM,
    'salaamstree/Safety & Justice/index.html': '<p>Category</p>',
    'hi/salaamstree/Safety & Justice/index.html': '<p>Category</p>',
    'stay-safe/index.html': '<p>Helplines</p>',
    'inspiring-women/asha/index.html': '<p>Profile</p>',
    'index.html': '<p>Splash</p>',
  };

  beforeEach(() => {
    for (const [file, body] of Object.entries(pages)) {
      mkdirSync(join(dist, file, '..'), { recursive: true });
      writeFileSync(join(dist, file), page(body));
    }
  });

  /** What a browser allows the microphone at `path`, after the host joined every matching rule. */
  const microphoneAt = (path: string) => {
    const rules = parseHeadersFile(read('_headers'));
    const policy = headersFor(rules, path).find(([name]) => name.toLowerCase() === 'permissions-policy')?.[1];
    return allowed(policy).microphone;
  };

  it('allows it to the site itself on /home, each story and their Hindi twins, with or without the final slash', () => {
    writeSecurityHeaders(dist, [PAGE_A]);
    for (const path of ['/home', '/home/', '/hi/home', '/hi/home/', '/salaamstree/Safety & Justice/0', '/salaamstree/Safety & Justice/12/', '/hi/salaamstree/Safety & Justice/0/']) {
      expect(microphoneAt(path), path).toBe('(self)');
    }
  });

  it('refuses it everywhere else, and keeps every other feature refused on the form pages too', () => {
    writeSecurityHeaders(dist, [PAGE_A]);
    for (const path of ['/', '/stay-safe/', '/salaamstree/Safety & Justice/', '/hi/salaamstree/Safety & Justice', '/inspiring-women/asha/', '/b/', '/sw.js', '/nowhere']) {
      expect(microphoneAt(path), path).toBe('()');
    }
    const onForm = allowed(headersFor(parseHeadersFile(read('_headers')), '/home').find(([name]) => name === 'Permissions-Policy')?.[1]);
    expect(onForm).toMatchObject({ camera: '()', geolocation: '()', payment: '()' });
  });

  it('says so with a few patterns, well within the 100 rules Cloudflare Pages takes', () => {
    writeSecurityHeaders(dist, [PAGE_A]);
    const rules = parseHeadersFile(read('_headers'));
    const recording = rules.filter(({ headers }) => headers.some(([, value]) => value.includes('microphone=(self)')));
    expect(recording.map(({ pattern }) => pattern)).toEqual([
      '/hi/home', '/hi/home/', '/hi/salaamstree/:category/:story', '/hi/salaamstree/:category/:story/',
      '/home', '/home/', '/salaamstree/:category/:story', '/salaamstree/:category/:story/',
    ]);
    expect(rules.length).toBeLessThanOrEqual(100);
  });

  it('stops the build when a page with the form has no route, or a route covers a page without it', () => {
    expect(() => recordingPatterns(['/home/', '/handmade/'], ['/home/', '/handmade/'])).toThrow(/\/handmade\/ has the story form/);
    expect(() => recordingPatterns(['/home/'], ['/home/', '/hi/home/'])).not.toThrow();
    expect(() => recordingPatterns(['/salaamstree/A/0/'], ['/salaamstree/A/0/', '/salaamstree/A/1/'])).toThrow(/\/salaamstree\/A\/1\//);
  });
});

describe('what a page may not hold', () => {
  it.each([
    ['a style attribute', '<p style="color:red">x</p>', /<p style=/],
    ['an event handler', '<img src="/a.png" alt="" onerror="alert(1)">', /<img onerror=/],
    ['a javascript: link', '<a href="javascript:alert(1)">x</a>', /<a href="javascript:/],
    ['an event handler inside <noscript>', '<noscript><img src="/a.png" alt="" onload="x()"></noscript>', /<img onload=/],
  ])('finds %s', (_, body, problem) => {
    expect(unsafeMarkup(page(body))).toEqual([expect.stringMatching(problem)]);
  });

  it('finds nothing in a clean page', () => {
    expect(unsafeMarkup(page('<a href="/home">Home</a><script type="module" src="/a.js"></script>'))).toEqual([]);
  });

  it("reads the policy of a page's <meta>, as Astro writes it", () => {
    const html = `<head><meta http-equiv="content-security-policy" content="script-src &#39;self&#39; &#39;sha256-A=&#39;"></head>`;
    expect(metaPolicy(html)).toBe("script-src 'self' 'sha256-A='");
  });
});

describe("each page's own policy", () => {
  const SCRIPT = 'console.log("दीदी")';
  const STYLE = 'p{color:red}';
  const NOSCRIPT_STYLE = '.strip{overflow:auto}';
  const withMeta = (sources: string, body: string) =>
    `<!doctype html><html><head><meta charset="utf-8"><meta http-equiv="content-security-policy" content="default-src 'self'; script-src 'self' ${sources}; style-src 'self' ${sources}"></head><body>${body}</body></html>`;

  it('keeps only the hashes of the inline code the page holds, <noscript> included, and the runtime styles', () => {
    const used = [hashSource(SCRIPT), hashSource(STYLE), hashSource(NOSCRIPT_STYLE)];
    const others = ["'sha256-OTHERPAGE='", "'sha256-RUNTIME='"];
    const html = withMeta([...used, ...others].join(' '),
      `<script>${SCRIPT}</script><style>${STYLE}</style><noscript><style>${NOSCRIPT_STYLE}</style></noscript><script type="application/ld+json">{}</script>`);
    const policy = directivesOf(metaPolicy(narrowPolicy(html, { styleHashes: ['sha256-RUNTIME='] }))!);
    expect(policy.get('script-src')).toEqual(["'self'", hashSource(SCRIPT)]);
    expect(policy.get('style-src')).toEqual(["'self'", hashSource(STYLE), hashSource(NOSCRIPT_STYLE), "'sha256-RUNTIME='"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
  });

  it("keeps the typed quote's runtime styles on a page that has it, at the root or under a base, and on no other", () => {
    const island = (url: string) => `<astro-island uid="a" component-url="${url}" component-export="default" ssr client="decor"></astro-island>`;
    expect(RUNTIME_STYLE_HASHES).toHaveLength(2);
    expect(runtimeStyleHashes(page(island('/_astro/TeamQuote.BCt7QSQc.js')))).toEqual(RUNTIME_STYLE_HASHES);
    expect(runtimeStyleHashes(page(island('/stree/_astro/TeamQuote.x1.js')))).toEqual(RUNTIME_STYLE_HASHES);
    // A story page: the form and the drawer, no typed quote; nor does a word in its text count.
    expect(runtimeStyleHashes(page(`${island('/_astro/StoryFormHi.x1.js')}${island('/_astro/MenuDrawer.x2.js')}<p>TeamQuote.js</p>`))).toEqual([]);
  });

  it('leaves a page without a policy as it was', () => {
    const html = '<html><head></head><body><script>x()</script></body></html>';
    expect(narrowPolicy(html)).toBe(html);
  });

  it('gives from one parse what the two checks give apart', () => {
    const html = withMeta(`${hashSource(SCRIPT)} 'sha256-OTHERPAGE='`, `<script>${SCRIPT}</script><p style="color:red" onclick="x()">x</p>`);
    expect(checkPage(html, { styleHashes: ['sha256-RUNTIME='] })).toEqual({
      html: narrowPolicy(html, { styleHashes: ['sha256-RUNTIME='] }),
      problems: unsafeMarkup(html),
    });
  });

  it('checks a large site on several workers, writing each page back narrowed, in the order asked', async () => {
    // Enough pages for a worker per core: every seventh holds an event handler, every fifth the
    // story form, every eleventh a link to a sample phone.
    const SAMPLE_PHONE = { address: 'tel:910000000000', where: 'src/content/settings/site.json: phones' };
    const files = Array.from({ length: 250 }, (_, i) => {
      const file = join(dist, `page-${i}.html`);
      const form = i % 5 ? '' : '<section data-story-endpoint="/story"></section>';
      const call = i % 11 ? '' : '<a href="tel:+91 00000 00000">Call</a>';
      writeFileSync(file, withMeta(`${hashSource(SCRIPT)} 'sha256-OTHERPAGE='`, `<script>${SCRIPT}</script><p${i % 7 ? '' : ' onclick="x()"'}>${i}</p>${form}${call}`));
      return file;
    });
    const checked = await checkPages(files, { samples: [SAMPLE_PHONE] });
    expect(checked.map(({ file }) => file)).toEqual(files);
    const which = (has: (page: (typeof checked)[number]) => boolean) => checked.filter(has).map(({ file }) => files.indexOf(file));
    const every = (n: number) => files.map((_, i) => i).filter((i) => i % n === 0);
    expect(which(({ problems }) => problems.length > 0)).toEqual(every(7));
    expect(which(({ hasForm }) => hasForm)).toEqual(every(5));
    expect(which(({ sampleLinks }) => sampleLinks.length > 0)).toEqual(every(11));
    expect(checked[0]!.sampleLinks).toEqual(['tel:+91 00000 00000 (a sample: src/content/settings/site.json: phones)']);
    for (const { file, policy } of checked) {
      const written = readFileSync(file, 'utf8');
      expect(written).toContain(`>${files.indexOf(file)}</p>`);
      expect(policy).toBe(metaPolicy(written));
      expect(directivesOf(policy!).get('script-src')).toEqual(["'self'", hashSource(SCRIPT)]);
    }
  });
});

describe('where stories may go', () => {
  it('adds a collector on another origin to connect-src and form-action, and nothing else', () => {
    const directives = policyDirectives({ storyOrigins: storyOrigins('https://forms.example/s/abc') });
    expect(directives).toContain("connect-src 'self' https://forms.example");
    expect(directives).toContain("form-action 'self' https://forms.example");
    expect(directives.filter((d) => d.includes('forms.example'))).toHaveLength(2);
  });

  it('also allows the host Google Apps Script redirects its answer to', () => {
    expect(storyOrigins('https://script.google.com/macros/s/AKfy/exec')).toEqual([
      'https://script.google.com',
      'https://script.googleusercontent.com',
    ]);
  });

  it('allows no other origin for the local inbox', () => {
    expect(storyOrigins('/api/stories')).toEqual([]);
    expect(storyOrigins('')).toEqual([]);
  });
});

describe('the server of npm start', () => {
  let server: Server;
  let origin: string;

  beforeEach(async () => {
    writeSecurityHeaders(dist, [PAGE_A]);
    writeFileSync(join(dist, '_redirects'), '/old /b 301\n');
    server = createServer(staticSite(dist));
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterEach(() => new Promise((done) => server.close(done)));

  it('sends the policy and headers of _headers with a page and with the 404 page', async () => {
    const expected = read('_headers').match(/Content-Security-Policy: (.+)/)?.[1];
    for (const [path, status] of [['/b/', 200], ['/404.html', 200], ['/nowhere', 404]] as const) {
      const response = await fetch(origin + path);
      expect(response.status).toBe(status);
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      // The site's policy goes path by path, so an address no file answers has only the 404 page's <meta>.
      if (path !== '/nowhere') expect(response.headers.get('content-security-policy')).toBe(expected);
    }
  });

  it('adds the rules for a single file to the rules for every path', async () => {
    const response = await fetch(`${origin}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('does not serve _headers itself, as static hosts do not', async () => {
    expect((await fetch(`${origin}/_headers`)).status).toBe(404);
  });

  /** A raw GET of `path` exactly as written (fetch would tidy dots and some escapes first). */
  const rawGet = (path: string) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(`${origin}/`, { path });
      req.on('response', (response) => {
        let body = '';
        response.on('data', (chunk) => (body += chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
      });
      req.on('error', reject);
      req.end();
    });

  it.each([
    '/_headers/', '//_headers', '//_headers/', '/_HEADERS', '/_Headers/', '/%5Fheaders', '/%5fheaders/', '/_header%73',
    '/./_headers', '/b/../_headers', '/b/..%2F_headers', '/%2F_headers', '/_headers?x=1', '/_headers/.', '/_redirects/',
  ])('does not serve _headers (or _redirects) spelt %s', async (path) => {
    const { status, body } = await rawGet(path);
    expect(status).toBe(404);
    expect(body).not.toContain('Content-Security-Policy');
    expect(body).not.toContain('/old /b');
  });
});
