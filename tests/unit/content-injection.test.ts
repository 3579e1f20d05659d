// Text from content files reaches pages as text, never as markup: a <script> or an <img onerror>
// typed into a story, a setting or a testimonial shows as written and never runs. Checked on a
// real build of a temporary copy of the project, which also sets PUBLIC_STORY_ENDPOINT to show
// that the policy lets the form reach the endpoint's origin.
import { execFile } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { htmlFiles } from '../../src/build-time/dist-files.js';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { parse } from 'parse5';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metaPolicy } from '../../src/build-time/security/page-check.js';
import { projectCopy, removeCopy } from './project-copy';

const run = promisify(execFile);
const ROOT = process.cwd();
const ENDPOINT = 'https://forms.example/s/abc/exec';

// Each would set window.xss if it ever ran; no quotes, which smart punctuation would curl.
const NAME = 'Asha <script>window.xss=1</script>';
const SUMMARY = 'Walked <img src=x onerror=window.xss=2> to school';
const BODY = 'She said <script>window.xss=3</script> and <img src=x onerror=window.xss=4> plainly.';
const BODY_BLOCK = '<script>window.xss=5</script>';
const ABOUT = 'About us <script>window.xss=6</script>';
const TESTIMONIAL = 'Good team <img src=x onerror=window.xss=7>';

interface Node {
  nodeName: string;
  tagName?: string;
  value?: string;
  attrs?: { name: string; value: string }[];
  childNodes?: Node[];
  content?: Node;
}

function* nodes(node: Node): Generator<Node> {
  yield node;
  for (const child of node.childNodes ?? []) yield* nodes(child);
  if (node.content) yield* nodes(node.content);
}

/** What a visitor reads on a page: its text, without scripts and styles. */
function visibleText(document: Node) {
  const parts: string[] = [];
  const collect = (node: Node) => {
    if (node.tagName === 'script' || node.tagName === 'style') return;
    if (node.nodeName === '#text') parts.push(node.value ?? '');
    node.childNodes?.forEach(collect);
  };
  collect(document);
  return parts.join('').replace(/\s+/g, ' ');
}

let copy: string;
let pages: { path: string; html: string; document: Node }[];

/** Every visitor page; the editor at /admin/ is not one (src/build-time/dist-files.js). */
function pagesOf(dist: string) {
  return htmlFiles(dist)
    .map((file) => relative(dist, file))
    .map((path) => {
      const html = readFileSync(join(dist, path), 'utf8');
      return { path, html, document: parse(html) as unknown as Node };
    });
}

function edit(path: string, change: (source: string) => string) {
  const file = join(copy, 'src/content', path);
  writeFileSync(file, change(readFileSync(file, 'utf8')));
}

const firstFile = (folder: string) => readdirSync(join(copy, 'src/content', folder)).sort()[0]!;
const setJson = (key: string, value: string) => (source: string) => JSON.stringify({ ...JSON.parse(source), [key]: value }, null, 2);

beforeAll(async () => {
  copy = projectCopy();
  const storyFolder = `stories/${firstFile('stories')}`;
  edit(`${storyFolder}/${firstFile(storyFolder)}`, (source) =>
    `${source
      .replace(/^name:.*$/m, `name: "${NAME}"`)
      .replace(/^summary:.*$/m, `summary: "${SUMMARY}"`)
      .trimEnd()}\n\n${BODY}\n\n${BODY_BLOCK}\n`,
  );
  edit('settings/site.json', setJson('about', ABOUT));
  edit(`testimonials/${firstFile('testimonials')}`, setJson('text', TESTIMONIAL));
  await run(process.execPath, [join(ROOT, 'node_modules/astro/bin/astro.mjs'), 'build'], {
    cwd: copy,
    env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1', PUBLIC_STORY_ENDPOINT: ENDPOINT },
  });
  // The build refuses to finish if any page has an event handler attribute, so a leak fails there too.
  pages = pagesOf(join(copy, 'dist'));
}, 240_000);

afterAll(() => removeCopy(copy));

describe('HTML typed into content files', () => {
  it('never becomes a script, an image or an event handler on any page', () => {
    const leaks = pages.flatMap(({ path, document }) =>
      [...nodes(document)].flatMap((node) => {
        const found: string[] = [];
        const code = node.tagName === 'script' ? [...nodes(node)].map((child) => child.value ?? '').join('') : '';
        const isData = node.attrs?.some((a) => a.name === 'type' && a.value === 'application/ld+json');
        // JSON-LD is data, never run: the text may be there, but escaped so it cannot end the block.
        if (isData && code.includes('<')) found.push('a "<" inside JSON-LD');
        else if (!isData && code.includes('xss')) found.push('a <script>');
        if (node.tagName === 'img' && node.attrs?.some((a) => a.name === 'src' && a.value === 'x')) found.push('an <img src=x>');
        for (const { name } of node.attrs ?? []) if (/^on/.test(name)) found.push(`a ${name} attribute`);
        return found.map((what) => `${path}: ${what}`);
      }),
    );
    expect(leaks).toEqual([]);
  });

  it('shows in a story as the text that was typed: name, summary and body', () => {
    const story = pages.find(({ document }) => visibleText(document).includes(BODY));
    expect(story?.path).toMatch(/^salaamstree\//);
    const text = visibleText(story!.document);
    expect(text).toContain(NAME);
    expect(text).toContain(BODY_BLOCK);
    const category = pages.find(({ path }) => path === `${story!.path.split('/').slice(0, 2).join('/')}/index.html`);
    expect(visibleText(category!.document)).toContain(SUMMARY);
  });

  it('shows in a setting and a testimonial as the text that was typed', () => {
    const home = pages.find(({ path }) => path === 'home/index.html')!;
    const text = visibleText(home.document);
    expect(text).toContain(ABOUT);
    expect(text).toContain(TESTIMONIAL);
  });
});

describe('PUBLIC_STORY_ENDPOINT', () => {
  it("adds the endpoint's origin to connect-src and form-action, in every page and in _headers", () => {
    const origin = new URL(ENDPOINT).origin;
    const headers = readFileSync(join(copy, 'dist/_headers'), 'utf8');
    const policies = [
      ...pages.map(({ html }) => metaPolicy(html) ?? ''),
      // Every visitor rule's policy; the editor at /admin/ has its own, which posts no stories.
      ...headers
        .split(/\n(?=\/)/)
        .filter((rule) => !/^\/admin(\/|\n)/.test(rule))
        .flatMap((rule) => [...rule.matchAll(/Content-Security-Policy: (.+)/g)].map(([, policy]) => policy!)),
    ];
    expect(policies.length).toBeGreaterThan(pages.length);
    for (const policy of policies) {
      expect(policy).toMatch(new RegExp(`connect-src 'self' ${origin}(;|$)`));
      expect(policy).toMatch(new RegExp(`form-action 'self' ${origin}(;|$)`));
    }
  });
});
