import { readdirSync, readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

/** How many HTML files a build wrote (404.html included). */
export function countHtmlPages(distDir) {
  return readdirSync(distDir, { recursive: true }).filter((name) => String(name).endsWith('.html')).length;
}

/** A file's size as stored and gzipped (level 6, what static hosts commonly send). */
export function sizeOf(path) {
  const bytes = readFileSync(path);
  return { raw: bytes.length, gzip: gzipSync(bytes, { level: 6 }).length };
}
