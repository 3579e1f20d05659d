// Where the editor puts an uploaded picture: in the folder of src/assets/ that the collection's
// pictures already use, named from the entry as its other pictures are (docs/admin.md).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, posix, relative, sep } from 'node:path';
import type { CollectionSource, MediaFolder } from './admin-config';

/** The value of `field` in a content file: a JSON key, or a line of Markdown front matter. */
function valueIn(file: string, field: string): string | undefined {
  const text = readFileSync(file, 'utf8');
  if (file.endsWith('.json')) return (JSON.parse(text) as Record<string, unknown>)[field] as string | undefined;
  return text.match(new RegExp(`^${field}:\\s*["']?(.+?)["']?\\s*$`, 'm'))?.[1];
}

/**
 * Each picture field's folder, read from the first entry of the collection that names one.
 * @param root the project folder
 */
export function mediaFoldersOf(root: string, sources: Record<string, CollectionSource>): Record<string, Record<string, MediaFolder>> {
  const content = join(root, 'src', 'content');
  return Object.fromEntries(
    Object.entries(sources).map(([name, { folder, pattern, imageFields = [] }]) => {
      const files = readdirSync(join(content, folder), { recursive: true, encoding: 'utf8' })
        .filter((file) => file.endsWith(pattern.endsWith('.md') ? '.md' : '.json'))
        .sort()
        .map((file) => join(content, folder, file));
      const folders = imageFields.map((field) => {
        const file = files.find((candidate) => valueIn(candidate, field));
        if (!file) throw new Error(`No entry of src/content/${folder}/ names a picture in ${field}: the editor cannot tell where its pictures go`);
        const picture = join(dirname(file), valueIn(file, field)!);
        const toPosix = (path: string) => path.split(sep).join(posix.sep);
        return [field, {
          media_folder: `/${toPosix(relative(root, dirname(picture)))}`,
          public_folder: toPosix(relative(dirname(file), dirname(picture))),
        }] as const;
      });
      return [name, Object.fromEntries(folders)];
    }),
  );
}
