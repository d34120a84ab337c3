/**
 * Replacing a file so that a crash leaves the old one or the new one,
 * whole: write a temporary file beside it, sync it, rename it over, sync
 * the directory. Temporary names end in `.tmp` so that a start can remove
 * what a crash left (see removeStaleTmpFiles).
 */
import { closeSync, fsyncSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { open, rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { crc32 } from 'node:zlib';

let counter = 0;
const tmpName = (file: string): string => `${file}.${process.pid}.${(counter += 1)}.tmp`;

/** Identifies a snapshot's exact bytes (journal segments name the snapshot they continue). */
export const snapshotId = (bytes: Buffer | undefined): string =>
  bytes === undefined ? 'absent' : `${crc32(bytes).toString(16).padStart(8, '0')}-${bytes.length}`;

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

export const replaceFile = async (file: string, data: Buffer): Promise<void> => {
  const tmp = tmpName(file);
  try {
    const fh = await open(tmp, 'w');
    try {
      await fh.writeFile(data);
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, file);
  } catch (e) {
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await syncDir(dirname(file));
};

export const replaceFileSync = (file: string, data: Buffer): void => {
  const tmp = tmpName(file);
  try {
    const fd = openSync(tmp, 'w');
    try {
      let done = 0;
      while (done < data.length) done += writeSync(fd, data, done, data.length - done);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, file);
  } catch (e) {
    try {
      unlinkSync(tmp);
    } catch {
      // already gone
    }
    throw e;
  }
  syncDirSync(dirname(file));
};
