/**
 * Replacing a file so that a crash leaves the old one or the new one,
 * whole: write a temporary file beside it (a draft), sync it, rename it
 * over, sync the directory. The draft is written synchronously, piece by
 * piece, as its bytes are made (a snapshot is taken in one turn); syncing
 * and renaming come after. Temporary names end in `.tmp` so that a start
 * can remove what a crash left (see removeStaleTmpFiles).
 */
import { Buffer } from 'node:buffer';
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';

let counter = 0;
const tmpName = (file: string): string => `${file}.${process.pid}.${(counter += 1)}.tmp`;

const idOf = (crc: number, length: number): string => `${crc.toString(16).padStart(8, '0')}-${length}`;

/** Identifies a snapshot's exact bytes (journal segments name the snapshot they continue). */
export const snapshotId = (bytes: Buffer | undefined): string => (bytes === undefined ? 'absent' : idOf(crc32(bytes), bytes.length));

/** A file's next content, written whole beside it but neither synced nor in place yet. */
export interface DraftFile {
  readonly tmp: string;
  readonly length: number;
  /** snapshotId of its bytes. */
  readonly id: string;
}

const removeSync = (path: string): void => {
  try {
    unlinkSync(path);
  } catch {
    // already gone
  }
};

/**
 * Writes the pieces `produce` hands to `write` (each written at once, so a
 * piece's buffer may be reused) to a new temporary file beside `file`,
 * synchronously; the file is removed again when `produce` or a write throws.
 */
export const draftFileSync = (file: string, produce: (write: (piece: Uint8Array) => void) => void): DraftFile => {
  const tmp = tmpName(file);
  let crc = 0;
  let length = 0;
  const fd = openSync(tmp, 'w');
  try {
    try {
      produce((piece) => {
        crc = crc32(piece, crc);
        length += piece.length;
        let done = 0;
        while (done < piece.length) done += writeSync(fd, piece, done, piece.length - done);
      });
    } finally {
      closeSync(fd);
    }
  } catch (e) {
    removeSync(tmp);
    throw e;
  }
  return { tmp, length, id: idOf(crc, length) };
};

export const syncDirSync = (dir: string): void => {
  const fd = openSync(dir, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
};

export const syncDir = async (dir: string): Promise<void> => {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
};

/** Puts `draft` in place of `file`: syncs it, renames it over, syncs the directory (removes the draft on failure). */
export const replaceFile = async (file: string, draft: DraftFile): Promise<void> => {
  try {
    const fh = await open(draft.tmp, 'r+');
    try {
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(draft.tmp, file);
  } catch (e) {
    await unlink(draft.tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(dirname(file));
};

export const replaceFileSync = (file: string, draft: DraftFile): void => {
  try {
    const fd = openSync(draft.tmp, 'r+');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(draft.tmp, file);
  } catch (e) {
    removeSync(draft.tmp);
    throw e;
  }
  syncDirSync(dirname(file));
};
