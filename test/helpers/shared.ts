/**
 * Tests that read ../shared (the YANG corpus) run where it exists (the team's
 * machines and CI) and skip with a visible note in a user's clone.
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedDir = resolve(projectRoot, '..', 'shared');
export const corpusPublic = join(sharedDir, 'yang-corpus', 'public');
export const corpusInstances = join(sharedDir, 'yang-corpus', 'instances');
export const hasShared = existsSync(corpusPublic);

let noted = false;
/** `test` when ../shared is present, else `test.skip` with a note printed once. */
export const sharedTest: typeof test = ((): typeof test => {
  if (hasShared) return test;
  if (!noted) {
    noted = true;
    console.log(`note: ${sharedDir} is absent; tests that need the shared YANG corpus are skipped`);
  }
  return test.skip as unknown as typeof test;
})();
