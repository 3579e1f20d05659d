// No control's only picture is an emoji (issue 33): a phone without an emoji font shows 🔊 as an
// empty box, and a woman who cannot read finds Listen, Record, Stop and Play by their pictures
// (src/lib/control-icons.ts). Reads the built site directly, no browser, as link-integrity.spec.ts
// does: every link and button of every page (inside <noscript> and <template> too), and every
// script, which draws controls of its own (Listen's bar, the recorder).
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { expect, test } from '@playwright/test';
import { parse } from 'parse5';
import { htmlFiles } from '../../src/build-time/dist-files.js';

const DIST = join(process.cwd(), 'dist');
/** Pictographs and the media signs (⏸ ⏹ ▶ 🔊…), and the emoji variation selector. */
const PICTOGRAPH = /[\u2300-\u23FF\u25A0-\u25FF\u2600-\u27BF\u2B00-\u2BFF\uFE0F\u{1F000}-\u{1FAFF}]/u;
/** What she taps: links, buttons and what acts as one. */
const CONTROLS = new Set(['a', 'button', 'summary', 'label']);

interface HtmlNode {
  nodeName: string;
  attrs?: { name: string; value: string }[];
  childNodes?: HtmlNode[];
  content?: HtmlNode;
  value?: string;
}

const textOf = (node: HtmlNode): string =>
  node.nodeName === '#text' ? node.value ?? '' : [...(node.childNodes ?? []), ...(node.content ? [node.content] : [])].map(textOf).join('');

/** Each control of a page whose words hold a pictograph, as `<tag> "its words"`. */
function controlsWithPictographs(html: string): string[] {
  // Scripting off, so <noscript> content is parsed as elements: a browser without JavaScript shows it.
  const document = parse(html, { scriptingEnabled: false }) as HtmlNode;
  const found: string[] = [];
  const walk = (node: HtmlNode) => {
    const role = node.attrs?.find((attribute) => attribute.name === 'role')?.value;
    if (CONTROLS.has(node.nodeName) || role === 'button' || role === 'link') {
      const words = textOf(node).replace(/\s+/g, ' ').trim();
      if (PICTOGRAPH.test(words)) found.push(`<${node.nodeName}> "${words.slice(0, 60)}"`);
    }
    for (const child of node.childNodes ?? []) walk(child);
    if (node.content) walk(node.content);
  };
  walk(document);
  return found;
}

test('no link or button on any built page shows an emoji or a media sign as its picture', () => {
  const pages = htmlFiles(DIST);
  expect(pages.length).toBeGreaterThan(100);
  const found = pages.flatMap((file) => controlsWithPictographs(readFileSync(file, 'utf8')).map((control) => `${relative(DIST, file)}: ${control}`));
  expect(found).toEqual([]);
});

test('no script the site sends holds an emoji or a media sign to draw on a control', () => {
  const scripts = readdirSync(join(DIST, '_astro')).filter((name) => name.endsWith('.js')).map((name) => join(DIST, '_astro', name));
  expect(scripts.length).toBeGreaterThan(5);
  const found = [...scripts, join(DIST, 'sw.js')].flatMap((file) => {
    const match = readFileSync(file, 'utf8').match(PICTOGRAPH);
    return match ? [`${relative(DIST, file)}: "${match[0]}"`] : [];
  });
  expect(found).toEqual([]);
});

test('the test itself finds an emoji picture on a button, in a template or without JavaScript', () => {
  expect(controlsWithPictographs('<button><span aria-hidden="true">🔊</span><span>Listen</span></button>')).toHaveLength(1);
  expect(controlsWithPictographs('<template><button>⏹ Stop</button></template><noscript><a href="/">▶ Play</a></noscript>')).toHaveLength(2);
  expect(controlsWithPictographs('<button><svg viewBox="0 0 24 24"><path d="M6 6h12v12H6z"/></svg>Stop</button>')).toEqual([]);
});
