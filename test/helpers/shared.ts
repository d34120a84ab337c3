/**
 * Tests that read ../shared (the YANG corpus) run where it exists (the team's
 * machines and CI) and skip with a visible note in a user's clone.
 * RXCONF_HIDE_SHARED=1 makes a run behave as a clone without ../shared (CI
 * runs the corpus files that way too, so a skip that throws cannot come back).
 */
import test from 'ava';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const projectRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const sharedDir = resolve(projectRoot, '..', 'shared');
export const corpusPublic = join(sharedDir, 'yang-corpus', 'public');
export const corpusInstances = join(sharedDir, 'yang-corpus', 'instances');
export const hasShared = process.env['RXCONF_HIDE_SHARED'] !== '1' && existsSync(corpusPublic);

/**
 * The skip stand-in: every form a test file may use (`sharedTest(...)`,
 * `.serial`, `.only`, `.failing`, `.skip`, `.todo`, hooks, and their
 * chains) registers a skipped test or nothing, never throws.
 */
const skipping = (): typeof test => {
  const skip = (...args: unknown[]): void => {
    const [title] = args;
    if (typeof title === 'string') test.skip(title, () => undefined);
  };
  const hook = (): void => undefined;
  const forms: Record<string, unknown> = {
    serial: undefined, only: undefined, failing: undefined, skip: undefined,
    todo: (title: string) => test.todo(title),
    before: hook, after: hook, beforeEach: hook, afterEach: hook,
    macro: test.macro, meta: test.meta,
  };
  const standIn = new Proxy(skip, {
    get: (_target, key) => {
      if (typeof key !== 'string') return undefined;
      if (key in forms) return forms[key] ?? standIn;
      if (key === 'always' || key === 'cb') return standIn;
      return (test as unknown as Record<string, unknown>)[key];
    },
  });
  return standIn as unknown as typeof test;
};

/**
 * Registers one skipped test naming what a file would check, for files whose
 * tests are made per corpus file (with no corpus they would register none,
 * and ava counts a file without tests as a failure).
 */
export const skipWithoutShared = (what: string): void => {
  if (!hasShared) test.skip(`${what} (needs ${sharedDir})`, () => undefined);
};

let noted = false;
/** `test` when ../shared is present, else a stand-in that skips, with a note printed once. */
export const sharedTest: typeof test = ((): typeof test => {
  if (hasShared) return test;
  if (!noted) {
    noted = true;
    console.log(`note: ${sharedDir} is absent; tests that need the shared YANG corpus are skipped`);
  }
  return skipping();
})();
