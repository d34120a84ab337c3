/**
 * Temporary files a crash left beside the data file (`<data file>.*.tmp`,
 * from an interrupted snapshot): removed at start, before anything is
 * written. Their names are returned for the log.
 */
import { readdirSync, unlinkSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

export const removeStaleTmpFiles = (file: string): string[] => {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    try {
      unlinkSync(join(dir, name));
      removed.push(name);
    } catch {
      // gone already, or not ours to remove
    }
  }
  return removed;
};
