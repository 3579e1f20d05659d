// The editor's fonts, served from /admin/fonts/ rather than from the CDN its script names: its
// interface font, its icons (a font: without it, icon names show as words) and a monospace font.
// So an editor's browser reaches no third party, and the editor looks right without the network.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** How Sveltia CMS names a Fontsource font: `…/fonts/source-sans-3:vf@5.3.0/latin-wght-normal.woff2`. */
const CDN_FONT = /https:\/\/cdn\.jsdelivr\.net\/fontsource\/fonts\/([a-z0-9-]+)(:vf)?@[\d.]+\/([a-z0-9-]+\.woff2)/g;

export interface EditorFont {
  /** The address in the editor's script. */
  url: string;
  /** The npm package that ships the same file. */
  packageName: string;
  /** Its file name, in the package's files/ and under /admin/fonts/. */
  file: string;
}

/** Every font the editor's script fetches, with the installed package that has it. */
export function editorFonts(script: string): EditorFont[] {
  const found = [...script.matchAll(CDN_FONT)].map(([url, family, variable, rest]) => ({
    url,
    packageName: `@fontsource${variable ? '-variable' : ''}/${family}`,
    file: `${family}-${rest}`,
  }));
  return [...new Map(found.map((font) => [font.url, font])).values()];
}

const projectRequire = () => createRequire(join(process.cwd(), 'package.json'));

/** The editor's script as the package ships it. */
export function editorScript(): string {
  // The package exports only its module entry (npm/index.js); the script sits beside it in dist/.
  const folder = dirname(dirname(projectRequire().resolve('@sveltia/cms')));
  return readFileSync(join(folder, 'dist', 'sveltia-cms.js'), 'utf8');
}

/** A font file from its package; the build fails naming the package when it is not installed. */
export function fontFile({ packageName, file }: EditorFont): Buffer {
  let folder: string;
  try {
    folder = dirname(projectRequire().resolve(`${packageName}/package.json`));
  } catch {
    throw new Error(`The editor at /admin/ needs the font package ${packageName}: npm install ${packageName}`);
  }
  return readFileSync(join(folder, 'files', file));
}
