// A throw-away copy of the project, for tests that break content and build it. Its node_modules
// links to ours package by package, so Astro's content cache (node_modules/.astro) stays its own:
// copies built at the same time never share, or spoil, the real build's cache.
import { cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const ROOT = process.cwd();
const CACHES = new Set(['.astro', '.vite', '.cache']);

/** Copies what a build needs into a new temporary folder and returns its path. */
export function projectCopy(): string {
  const copy = mkdtempSync(join(tmpdir(), 'stree-copy-'));
  for (const item of ['src', 'public', 'astro.config.mjs', 'package.json', 'tsconfig.json']) {
    cpSync(join(ROOT, item), join(copy, item), { recursive: true });
  }
  mkdirSync(join(copy, 'node_modules'));
  for (const name of readdirSync(join(ROOT, 'node_modules'))) {
    if (!CACHES.has(name)) symlinkSync(join(ROOT, 'node_modules', name), join(copy, 'node_modules', name));
  }
  return copy;
}

export function removeCopy(copy: string | undefined) {
  if (copy) rmSync(copy, { recursive: true, force: true });
}
