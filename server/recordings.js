// The files of the local story inbox beside its CSV (docs/stories.md, "Voice stories"): each
// recording as a file of its own in `recordings/`, written whole and synced before its row; and a
// CSV from before recordings brought to today's columns.
import { randomBytes } from 'node:crypto';
import { mkdir, open, readFile, rename, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';

/** The folder beside the CSV that holds the recordings; a row names a file as `recordings/<name>`. */
export const RECORDINGS_FOLDER = 'recordings';

/** The file name's ending for the types phones record in; any other audio keeps its bytes as `.audio`. */
const EXTENSIONS = {
  'audio/webm': 'webm', 'audio/ogg': 'ogg', 'audio/mp4': 'm4a', 'audio/x-m4a': 'm4a', 'audio/aac': 'aac',
  'audio/mpeg': 'mp3', 'audio/wav': 'wav', 'audio/x-wav': 'wav', 'audio/amr': 'amr', 'audio/3gpp': '3gp', 'audio/3gpp2': '3g2',
};

/** `audio/webm;codecs=opus` → `webm`. */
export const extensionOf = (type) => EXTENSIONS[type.split(';')[0].trim().toLowerCase()] ?? 'audio';

/**
 * Writes a recording's bytes to a new file in `<folder>/recordings/`, synced to disk with its
 * name, and returns the name as the row keeps it (`recordings/…`, relative to the CSV's folder).
 * The name says when it came and is otherwise random: nothing of her (phone, key) is in it.
 * @param {string} folder the CSV's folder
 * @param {{ type: string, data: string }} recording as validateStory returns it
 * @param {string} received the story's ISO time
 */
export async function saveRecording(folder, recording, received) {
  const dir = join(folder, RECORDINGS_FOLDER);
  const made = await mkdir(dir, { recursive: true });
  const name = `${received.replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.${extensionOf(recording.type)}`;
  const path = join(dir, name);
  const bytes = Buffer.from(recording.data, 'base64');
  const handle = await open(path, 'wx');
  try {
    const { bytesWritten } = await handle.write(bytes);
    if (bytesWritten !== bytes.length) throw new Error(`Short write: ${bytesWritten}/${bytes.length}`);
    await handle.datasync();
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(path).catch(() => {});
    throw error;
  }
  await handle.close();
  await syncFolder(dir);
  // Folders made now are new names in the folders above them, up to the first that was there.
  for (let synced = folder; made; synced = dirname(synced)) {
    await syncFolder(synced);
    if (synced === dirname(made) || synced === dirname(synced)) break;
  }
  return `${RECORDINGS_FOLDER}/${name}`;
}

/** Removes a recording its row could not be written for; if even that fails, says so in the log. */
export async function removeRecording(folder, name) {
  await unlink(join(folder, name)).catch((error) => console.error(`Story inbox: could not remove ${name}, which no row names:`, error));
}

/**
 * Brings a CSV written before a column was added (the inbox's first columns, `columns` without its
 * last) to `columns`: every row gets the new cell, empty. Written whole beside it and renamed over
 * it, so a crash leaves the old file or the new one, never half of each. A file with the columns
 * already, or one whose header is not ours (the organisation may have changed it), is left alone.
 * @param {string} file
 * @param {string[]} columns today's columns
 */
export async function upgradeColumns(file, columns) {
  let text;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if (error.code === 'ENOENT') return;
    throw error;
  }
  const rows = parse(text, { bom: true, relax_column_count: true });
  const old = columns.slice(0, -1);
  if (rows.length === 0 || JSON.stringify(rows[0]) !== JSON.stringify(old)) return;
  const upgraded = stringify([columns, ...rows.slice(1).map((row) => [...row, ''])], { bom: text.startsWith('\uFEFF') });
  const next = `${file}.upgrading`;
  const handle = await open(next, 'w');
  try {
    await handle.writeFile(upgraded);
    await handle.datasync();
  } finally {
    await handle.close();
  }
  await rename(next, file);
  await syncFolder(dirname(file));
}

/** A new file's name is durable only once its folder is synced too. */
export async function syncFolder(folder) {
  const dir = await open(folder, 'r').catch(() => null); // Windows cannot open folders
  await dir?.sync().catch(() => {});
  await dir?.close();
}
