// Draws a monogram portrait for every story, profile or testimonial whose image file is
// missing, so an editor who adds an entry gets an honest placeholder (initials, never a
// face) instead of a failed build. Existing files are left alone.
// Usage: npm run illustrate
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { paletteFrom } from '../src/lib/palette.js';

const CONTENT = resolve('src/content');
const FOLDERS = ['stories', 'profiles', 'testimonials'];
const colour = paletteFrom(readFileSync(resolve('src/styles/tokens.css'), 'utf8'));
const PALETTES = [
  { ground: colour['pink-pale'], motif: colour['pink-light'], disc: colour['pink-deep'] },
  { ground: colour['green-pale'], motif: colour['green-light'], disc: colour['green-dark'] },
  { ground: colour['amber-pale'], motif: colour['amber-light'], disc: colour['pink-deep'] },
  { ground: colour['green-pale'], motif: colour['pink-light'], disc: colour.green },
  { ground: colour['pink-pale'], motif: colour['green-light'], disc: colour['pink-dark'] },
];

function filesUnder(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

function readField(source, field) {
  const yaml = source.match(new RegExp(`^${field}:\\s*["']?(.+?)["']?\\s*$`, 'm'));
  if (yaml) return yaml[1];
  const json = source.match(new RegExp(`"${field}"\\s*:\\s*"([^"]+)"`));
  return json?.[1];
}

export function initialsOf(name) {
  const words = name.replace(/\(.*?\)/g, '').split(/[\s.]+/).filter((w) => /^\p{L}/u.test(w));
  const picked = words.length > 1 ? [words[0], words.at(-1)] : words;
  return picked.map((w) => w[0].toUpperCase()).join('');
}

function hash(text) {
  let h = 0;
  for (const ch of text) h = (h * 31 + ch.codePointAt(0)) >>> 0;
  return h;
}

/** A 200×200 monogram: initials on a disc over a repeating rangoli-like motif. */
export function monogramSvg(name) {
  const h = hash(name);
  const { ground, motif, disc } = PALETTES[h % PALETTES.length];
  const shape = h % 2 === 0
    ? '<circle cx="10" cy="10" r="3"/>'
    : '<path d="M10 4 16 10 10 16 4 10Z"/>';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 200" width="200" height="200">
<defs><pattern id="m" width="20" height="20" patternUnits="userSpaceOnUse"><g fill="${motif}">${shape}</g></pattern></defs>
<rect width="200" height="200" fill="${ground}"/><rect width="200" height="200" fill="url(#m)" opacity=".6"/>
<circle cx="100" cy="100" r="62" fill="${disc}"/>
<text x="100" y="100" dy=".35em" text-anchor="middle" font-family="Georgia,serif" font-size="52" font-weight="700" fill="#fff">${initialsOf(name)}</text>
</svg>
`;
}

let made = 0;
for (const folder of FOLDERS) {
  for (const file of filesUnder(join(CONTENT, folder))) {
    const source = readFileSync(file, 'utf8');
    const image = readField(source, 'image');
    const name = readField(source, 'name');
    if (!image?.endsWith('.svg') || !name) continue;
    const target = resolve(dirname(file), image);
    if (existsSync(target)) continue;
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, monogramSvg(name));
    made += 1;
    console.log(`drew ${target.replace(`${process.cwd()}/`, '')} for ${name}`);
  }
}
console.log(made ? `${made} monogram(s) drawn.` : 'Every image already exists.');
