// The editors' working copy, for tests of /admin/ without the network: the project's content and
// pictures written into the browser's origin-private file system, where Sveltia CMS's "Work with
// Local Repository" reads and writes them through a folder picker that hands it that folder (an
// editor's own browser shows the real picker over her clone of the repository).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The folder of the origin-private file system that stands for the repository. */
const REPO = 'working-copy';

/** Every file below a project folder, as the repository holds it. */
function filesUnder(folder: string): { path: string; text: string }[] {
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name))
    .map((path) => ({ path, text: readFileSync(path, 'utf8') }));
}

/**
 * Gives `page` a working copy of src/content/ and src/assets/ (every picture is SVG text) and a
 * folder picker that answers with it. Call before the editor's page loads.
 */
export async function seedWorkingCopy(page: Page) {
  const files = [...filesUnder('src/content'), ...filesUnder('src/assets')];
  await page.addInitScript((repo) => {
    (window as unknown as { showDirectoryPicker: () => Promise<FileSystemDirectoryHandle> }).showDirectoryPicker = async () =>
      (await navigator.storage.getDirectory()).getDirectoryHandle(repo);
  }, REPO);
  // The file system belongs to the origin: a page of the site opens it before the editor starts.
  await page.goto('/robots.txt');
  await page.evaluate(
    async ({ repo, files }) => {
      const root = await navigator.storage.getDirectory();
      await root.removeEntry(repo, { recursive: true }).catch(() => {});
      const copy = await root.getDirectoryHandle(repo, { create: true });
      // The editor checks that the folder she picked is a repository.
      await copy.getDirectoryHandle('.git', { create: true });
      for (const { path, text } of files) {
        const parts = path.split('/');
        let folder = copy;
        for (const part of parts.slice(0, -1)) folder = await folder.getDirectoryHandle(part, { create: true });
        const writable = await (await folder.getFileHandle(parts.at(-1)!, { create: true })).createWritable();
        await writable.write(text);
        await writable.close();
      }
    },
    { repo: REPO, files },
  );
}

/** Every file of the working copy below `folder`, by path, as the editor left it. */
export async function workingCopyFiles(page: Page, folder: string): Promise<Record<string, string>> {
  return page.evaluate(
    async ({ repo, folder }) => {
      const files: Record<string, string> = {};
      // A file the editor writes while this reads it cannot be read from the copy taken before
      // (NotReadableError): a fresh copy of it can, once the write is done.
      async function read(handle: FileSystemFileHandle): Promise<string> {
        for (let tries = 1; ; tries += 1) {
          try {
            return await (await handle.getFile()).text();
          } catch (error) {
            if ((error as DOMException).name !== 'NotReadableError' || tries === 100) throw error;
            await new Promise((resolve) => setTimeout(resolve));
          }
        }
      }
      async function walk(handle: FileSystemDirectoryHandle, path: string) {
        for await (const [name, entry] of (handle as unknown as { entries(): AsyncIterable<[string, FileSystemHandle]> }).entries()) {
          const full = `${path}/${name}`;
          // The editor replaces a file it saves: one may be gone for a moment while this reads.
          try {
            if (entry.kind === 'directory') await walk(entry as FileSystemDirectoryHandle, full);
            else files[full.slice(1)] = await read(entry as FileSystemFileHandle);
          } catch (error) {
            if ((error as DOMException).name !== 'NotFoundError') throw error;
          }
        }
      }
      let start = await (await navigator.storage.getDirectory()).getDirectoryHandle(repo);
      for (const part of folder.split('/')) start = await start.getDirectoryHandle(part);
      await walk(start, `/${folder}`);
      return files;
    },
    { repo: REPO, folder },
  );
}
