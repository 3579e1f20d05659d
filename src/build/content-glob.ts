import { existsSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { glob } from 'astro/loaders';
import type { Loader } from 'astro/loaders';

interface ContentGlobOptions {
  /** Folder under src/content/ that holds one file per entry. */
  folder: string;
  /** Which files in it are entries, e.g. `*.json` or `**\/*.md`. */
  pattern: string;
  /** Fields that name an image file, relative to the entry's own file. */
  imageFields?: readonly string[];
}

/**
 * Astro's glob loader, plus a check that every image an entry names exists: Astro's own
 * error for a missing image names the image but not the content file that asked for it.
 */
export function contentGlob({ folder, pattern, imageFields = [] }: ContentGlobOptions): Loader {
  const inner = glob({ pattern, base: `./src/content/${folder}` });
  return {
    name: `content-glob:${folder}`,
    load: (context) =>
      inner.load({
        ...context,
        parseData: async (props) => {
          if (props.filePath) assertImagesExist(props.filePath, props.data, imageFields);
          return context.parseData(props);
        },
      }),
  };
}

export function assertImagesExist(
  filePath: string,
  data: Record<string, unknown>,
  imageFields: readonly string[],
) {
  for (const field of imageFields) {
    const value = data[field];
    if (typeof value !== 'string' || value.includes('://')) continue;
    const target = resolve(dirname(filePath), value);
    if (!existsSync(target)) {
      const shown = relative(process.cwd(), filePath);
      throw new Error(
        `${shown}: field "${field}" names "${value}", but there is no such file ` +
          `(looked for ${relative(process.cwd(), target)}). ` +
          'Put the image there or correct the path; paths are relative to this content file.',
      );
    }
  }
}
