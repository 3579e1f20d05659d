// Writing the inbox's files so that a crash leaves each whole or absent, and so that only the
// account the server runs as can read them (docs/stories.md, "The local inbox"): her words, her
// phone number and her voice are in them.
import { randomBytes } from 'node:crypto';
import { chmodSync, readdirSync, statSync } from 'node:fs';
import { mkdir, open, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** A file of the inbox: read and written by the server's account alone. */
export const PRIVATE_FILE = 0o600;
/** A folder the inbox makes: opened by the server's account alone. */
export const PRIVATE_FOLDER = 0o700;

/** A new file's name is durable only once its folder is synced too. */
export async function syncFolder(folder) {
  const dir = await open(folder, 'r').catch(() => null); // Windows cannot open folders
  await dir?.sync().catch(() => {});
  await dir?.close();
}

/**
 * Makes `folder` (and the folders above it that are missing) private, and syncs each new name
 * into the folder above it, up to the first that was there.
 */
export async function makeFolder(folder) {
  const made = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER });
  for (let synced = dirname(folder); made; synced = dirname(synced)) {
    await syncFolder(synced);
    if (synced === dirname(made) || synced === dirname(synced)) break;
  }
}

/**
 * Writes `bytes` as `path`, whole or not at all: into a file of its own beside it, synced, then
 * renamed over `path`, and the folder synced. A crash leaves the old file or the new one; a
 * temporary file left by one is never read (its name is not one the inbox looks for).
 * @param {string} path
 * @param {Uint8Array} bytes
 */
export async function writeWhole(path, bytes) {
  const next = `${path}.${randomBytes(4).toString('hex')}.writing`;
  const handle = await open(next, 'wx', PRIVATE_FILE);
  try {
    await writeAll(handle, bytes);
    await handle.close();
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(next).catch(() => {});
    throw error;
  }
  await rename(next, path);
  await syncFolder(dirname(path));
}

/** Writes all of `bytes` at the handle's position and syncs them to disk. */
export async function writeAll(handle, bytes) {
  const { bytesWritten } = await handle.write(bytes);
  if (bytesWritten !== bytes.length) throw new Error(`Short write: ${bytesWritten}/${bytes.length}`);
  await handle.datasync();
}

/**
 * Takes read access away from everyone but the server's account on what an older version of the
 * inbox left readable: each path given (a file or a folder) and, for a folder, all inside it.
 * Paths that are not there are skipped. Synchronous: it runs once, as the inbox starts.
 * @param {string[]} paths
 */
export function keepPrivate(paths) {
  for (const path of paths) {
    try {
      const isFolder = statSync(path).isDirectory();
      chmodSync(path, isFolder ? PRIVATE_FOLDER : PRIVATE_FILE);
      if (isFolder) keepPrivate(readdirSync(path).map((name) => join(path, name)));
    } catch (error) {
      // A file of another account's (EPERM) is said in the log; the inbox still takes stories.
      if (error.code !== 'ENOENT') console.error(`Story inbox: could not make ${path} readable by this account alone:`, error);
    }
  }
}
