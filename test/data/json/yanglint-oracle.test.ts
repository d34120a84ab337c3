/**
 * yanglint as the oracle of the strict form: generated documents, encoded
 * strictly, are accepted by yanglint (so the strict form is real RFC 7951);
 * and documents the decoder refuses, yanglint refuses too.
 */
import fc from 'fast-check';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeDatastore } from '../../../src/data/json/index.ts';
import { yanglint, yanglintTest } from '../../helpers/yanglint.ts';
import { datastoreArb } from './arbitrary-tree.ts';
import { decodeStore } from './decode-helpers.ts';
import { dataDir, dxFiles, dxSchema } from './fixtures.ts';

const schema = dxSchema();
const instanceIds = ['/dx-data:top/i8', "/dx-data:top/entry[name='a'][index='1']/weight", "/dx-data:top/tags[.='x']", '/dx-data:top/dx-augment:more/level'];
const modules = dxFiles.map((f) => join(dataDir, f));

/** yanglint's verdict on each document (`-t config` or `-t data`), as [ok, output]. */
const lint = (docs: readonly unknown[], type: 'config' | 'data'): { ok: boolean; output: string; text: string }[] => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-json-'));
  try {
    return docs.map((doc, i) => {
      const file = join(dir, `doc-${i}.json`);
      const text = JSON.stringify(doc, null, 1);
      writeFileSync(file, text);
      return { ...yanglint(['-i', '-p', dataDir, '-t', type, ...modules, file]), text };
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

yanglintTest('generated configuration documents in strict form are accepted by yanglint -t config', (t) => {
  const trees = fc.sample(datastoreArb({ schema, configOnly: true, instanceIds }), { numRuns: 100, seed: 20240201 });
  const docs = trees.map((roots) => encodeDatastore(roots, { strict: true })).filter((d) => Object.keys(d).length > 0);
  const refused = lint(docs, 'config').filter((r) => !r.ok);
  t.deepEqual(refused.map((r) => `${r.output}\n${r.text}`), []);
  t.true(docs.length >= 80);
});

yanglintTest('generated documents with state data in strict form are accepted by yanglint -t data', (t) => {
  const trees = fc.sample(datastoreArb({ schema, configOnly: false, instanceIds }), { numRuns: 50, seed: 7 });
  const docs = trees.map((roots) => encodeDatastore(roots, { strict: true })).filter((d) => Object.keys(d).length > 0);
  const refused = lint(docs, 'data').filter((r) => !r.ok);
  t.deepEqual(refused.map((r) => `${r.output}\n${r.text}`), []);
});

yanglintTest('documents the decoder refuses, yanglint refuses too', (t) => {
  const invalid: Record<string, unknown>[] = [
    { top: {} },
    { 'dx-data:top': { extra: 1 } },
    { 'dx-data:top': { 'dx-augment:i8': 1 } },
    { 'dx-data:top': { i64: 5 } },
    { 'dx-data:top': { u8: '5' } },
    { 'dx-data:top': { marker: true } },
    { 'dx-data:top': { tags: ['a', 'a'] } },
    { 'dx-data:top': { entry: [{ name: 'a' }] } },
    { 'dx-data:top': { entry: [{ name: 'a', index: 1 }, { name: 'a', index: 1 }] } },
    { 'dx-data:top': { entry: [{ name: 'a', index: 1, simple: true, a: 'x' }] } },
    { 'dx-data:top': { stats: { count: '1' } } },
    { 'dx-data:top': { blobdata: 5 } },
    { 'dx-data:top': { pet: 'bird' } },
    { 'dx-data:left': 1, 'dx-data:right': 2 },
  ];
  for (const doc of invalid) t.false(decodeStore(doc).ok, JSON.stringify(doc));
  const accepted = lint(invalid, 'config').filter((r) => r.ok);
  t.deepEqual(accepted.map((r) => r.text), []);
});
