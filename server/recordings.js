// The files of the local story inbox beside its CSV (docs/stories.md, "Voice stories"): each
// recording as a file of its own in `recordings/`, written whole and synced before its row; and a
// CSV from before recordings brought to today's columns.
import { randomBytes } from 'node:crypto';
import { open, readFile, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { PRIVATE_FILE, makeFolder, syncFolder, writeAll, writeWhole } from './durable.js';

/** The folder beside the CSV that holds the recordings; a row names a file as `recordings/<name>`. */
export const RECORDINGS_FOLDER = 'recordings';

/**
 * Writes a recording's bytes to a new file in `<folder>/recordings/`, synced to disk with its
 * name, and returns the name as the row keeps it (`recordings/…`, relative to the CSV's folder).
 * The name says when it came and is otherwise random: nothing of her (phone, key) is in it. Its
 * ending is the one its first bytes give (`audioKind`), never one the sender declared.
 * @param {string} folder the CSV's folder
 * @param {{ bytes: Uint8Array, extension: string }} recording
 * @param {string} received the story's ISO time
 */
export async function saveRecording(folder, { bytes, extension }, received) {
  const dir = join(folder, RECORDINGS_FOLDER);
  await makeFolder(dir);
  const name = `${received.replace(/[:.]/g, '-')}-${randomBytes(6).toString('hex')}.${extension}`;
  const path = join(dir, name);
  const handle = await open(path, 'wx', PRIVATE_FILE);
  try {
    await writeAll(handle, bytes);
  } catch (error) {
    await handle.close().catch(() => {});
    await unlink(path).catch(() => {});
    throw error;
  }
  await handle.close();
  await syncFolder(dir);
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
  await writeWhole(file, Buffer.from(upgraded));
}
