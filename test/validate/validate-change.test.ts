/**
 * An edit's validation (validateChange: only what the edit can affect)
 * against the whole tree's (validateTree), on random edit sequences over a
 * fixture of every constraint kind and over the valid instance documents of
 * the shared corpus: after every edit both accept or both reject, with the
 * same errors (tag, app-tag, path, message). Accepted edits stay, rejected
 * ones are undone, as commitEdit does.
 */
import test from 'ava';
import fc from 'fast-check';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DataContainer } from '../../src/data/data-container.ts';
import { journals } from '../../src/data/data-journal.ts';
import { decodeDatastore, parseJsonText } from '../../src/data/json/index.ts';
import { UndoLog } from '../../src/data/undo-log.ts';
import type { RestconfError } from '../../src/errors/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { SchemaContext } from '../../src/meta/meta.ts';
import { ChangeSet, validateChange, validateTree, type Content } from '../../src/validate/index.ts';
import { corpusInstances, corpusPublic, sharedTest } from '../helpers/shared.ts';
import { datastore, schemaOf } from './helpers.ts';
import { applyTo, editFor, editSeed, ValuePool, type EditSeed } from './random-edits.ts';
import { stepsTo } from '../helpers/runtime.ts';
import type { YangValue } from '../../src/types/value.ts';
import { vcEditsTop } from '../helpers/vc-edits-top.ts';
import { soakRuns } from '../helpers/soak.ts';

const full = (errors: readonly RestconfError[]): string[] =>
  errors.map((e) => `${e.tag} ${e.appTag ?? '-'} ${e.path ?? '-'} ${e.message}`).sort();

interface Tally { accepted: number; rejected: number; failed: number; skipped: number }

/** Runs the edits on a copy of `start`; throws at the first disagreement. */
async function agree(schema: SchemaContext, start: ReadonlyMap<string, DataContainer>, seeds: readonly EditSeed[], tally: Tally): Promise<void> {
  const roots = new Map([...start].map(([k, v]) => [k, v.clone()]));
  const pool = new ValuePool(schema, roots);
  const log: string[] = [];
  for (const seed of seeds) {
    const edit = editFor(seed, roots, schema, pool);
    if (edit === undefined) { tally.skipped++; continue; }
    log.push(edit.describe);
    const undo = new UndoLog();
    const changes = new ChangeSet(roots, schema);
    if (!(await applyTo(roots, schema, edit, journals(undo, changes)))) {
      undo.undo();
      tally.failed++;
      continue;
    }
    const whole = full(validateTree(roots, { content: 'config', schema }));
    const outcome = validateChange(roots, changes, { content: 'config', schema });
    const mine = full(outcome.errors);
    if (JSON.stringify(mine) !== JSON.stringify(whole)) {
      throw new Error(`after ${log.join('; ')}:\n  whole tree: ${JSON.stringify(whole)}\n  the edit's: ${JSON.stringify(mine)}`);
    }
    if (whole.length === 0) {
      outcome.committed();
      tally.accepted++;
    } else {
      undo.undo();
      tally.rejected++;
    }
  }
}

const sequences = fc.array(editSeed, { minLength: 1, maxLength: 14 });

/** The property over `runs` random sequences: the first disagreement (shrunk) with its edits, or undefined. */
async function disagreement(schema: SchemaContext, start: ReadonlyMap<string, DataContainer>, runs: number, tally: Tally): Promise<string | undefined> {
  const r = await fc.check(fc.asyncProperty(sequences, async (seeds) => agree(schema, start, seeds, tally)), { numRuns: runs, seed: 14 });
  if (!r.failed) return undefined;
  const why = r.errorInstance instanceof Error ? r.errorInstance.message : String(r.errorInstance);
  return `${JSON.stringify(r.counterexample)}: ${why}`;
}

const fixtureDoc = { 'vc-edits:top': vcEditsTop() };

test('fixture: the edit\'s validation and the whole tree\'s agree after every random edit', async (t) => {
  const schema = schemaOf('vc-edits');
  const start = datastore(schema, fixtureDoc);
  t.deepEqual(validateTree(start, { content: 'config', schema }), [], 'the starting document is valid');
  const tally: Tally = { accepted: 0, rejected: 0, failed: 0, skipped: 0 };
  // 150 sequences (about 500 accepted and 350 rejected edits) find what a disagreement of an edit kind or constraint kind needs; 300 under RXCONF_SOAK=1
  t.is(await disagreement(schema, start, soakRuns(300, 150), tally), undefined);
  t.log(`edits: ${tally.accepted} accepted, ${tally.rejected} rejected, ${tally.failed} failed to apply, ${tally.skipped} with nothing to do`);
  t.true(tally.accepted > 200 && tally.rejected > 200, 'both outcomes are exercised');
});

interface Row { readonly file: string; readonly modules: readonly string[]; readonly content: Content }

const validRows = (): Row[] =>
  readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[4] === 'valid')
    .map(([file = '', modules = '', type = '']) => ({ file, modules: modules.split(' '), content: type === 'data' ? 'all' : 'config' }));

sharedTest('corpus: the edit\'s validation and the whole tree\'s agree after every random edit', async (t) => {
  const tally: Tally = { accepted: 0, rejected: 0, failed: 0, skipped: 0 };
  let used = 0;
  for (const row of validRows()) {
    const compiled = compileSchema({ searchPath: [corpusPublic], modules: row.modules.map((f) => ({ file: join(corpusPublic, f) })) });
    if (!compiled.ok) continue;
    const schema = compiled.context;
    const parsed = parseJsonText(readFileSync(join(corpusInstances, row.file), 'utf8'));
    if (!parsed.ok) continue;
    const decoded = decodeDatastore(parsed.value, schema, { strict: true, content: row.content, numbers: parsed.numbers });
    if (!decoded.ok || validateTree(decoded.value, { content: 'config', schema }).length > 0) {
      t.log(`${row.file}: not a valid configuration to start from, left out`);
      continue;
    }
    used++;
    const start = decoded.value;
    const found = await disagreement(schema, start, soakRuns(40, 20), tally); // 40 under RXCONF_SOAK=1
    if (found !== undefined) t.fail(`${row.file}: ${found}`);
  }
  t.log(`${used} corpus documents; edits: ${tally.accepted} accepted, ${tally.rejected} rejected, ${tally.failed} failed to apply, ${tally.skipped} with nothing to do`);
  t.true(used >= 10);
});

/** vt-bench data whose checked entries all break `quantity <= ../max-quantity` (a tree validateTree rejects everywhere). */
function brokenEntries(schema: SchemaContext, n: number): Map<string, DataContainer> {
  const entry = Array.from({ length: n }, (_, i) => ({ id: i, code: `c${i}`, quantity: 500 }));
  return datastore(schema, { 'vt-bench:inventory': { 'max-quantity': 100, 'checked-entry': entry } });
}

/** Applies an edit with the journal an edit's validation reads, and validates what it changed. */
async function changed(schema: SchemaContext, roots: Map<string, DataContainer>, edit: Parameters<typeof applyTo>[2]): Promise<string[]> {
  const changes = new ChangeSet(roots, schema);
  if (!(await applyTo(roots, schema, edit, changes))) throw new Error('the edit did not apply');
  return full(validateChange(roots, changes, { content: 'config', schema }).errors);
}

test('only what the edit can affect is checked: an entry\'s must for a change of the entry, every entry\'s for a leaf they all read', async (t) => {
  const schema = schemaOf('vt-bench');
  const module = schema.modules.get('vt-bench');
  if (module === undefined) throw new Error('no module');
  const roots = brokenEntries(schema, 2000);
  t.is(validateTree(roots, { content: 'config', schema }).length, 2000, 'every entry breaks its must');
  const at = (path: string, keys: Record<string, readonly YangValue[]> = {}) => stepsTo(module, path, keys);
  const fix = await changed(schema, roots, { module, steps: at('inventory/checked-entry/quantity', { 'checked-entry': [7] }), operation: 'merge', input: 50, describe: 'fix 7' });
  t.deepEqual(fix, [], 'the other entries are not looked at');
  const code = await changed(schema, roots, { module, steps: at('inventory/checked-entry/code', { 'checked-entry': [8] }), operation: 'merge', input: 'c9', describe: 'code of 8' });
  t.deepEqual(code, [
    "operation-failed data-not-unique /vt-bench:inventory/checked-entry[id='9'] unique constraint violated: /vt-bench:inventory/checked-entry[id='9'] has the same values as /vt-bench:inventory/checked-entry[id='8']",
  ], 'unique over the list; not the entry\'s must, which does not read the code');
  const max = await changed(schema, roots, { module, steps: at('inventory/max-quantity'), operation: 'merge', input: 200, describe: 'max' });
  t.is(max.length, 1999, 'a leaf every entry\'s must reads: every entry is checked (all but the fixed one break it)');
});
