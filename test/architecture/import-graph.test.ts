/**
 * The folders of src/ import only folders of lower layers (the layers are
 * declared once, in .dependency-cruiser.mjs) and no folder cycle exists,
 * checked by dependency-cruiser over the real tree. The check itself is
 * shown to fail on a small tree with an upward import and a cycle.
 */
import test from 'ava';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cruiserConfig, importGraph, repoRoot } from './import-graph.ts';

test('no folder of src/ imports a folder of its own layer or above, and the folder graph has no cycle', async (t) => {
  const graph = await importGraph(repoRoot);
  t.deepEqual(graph.violations, [], 'imports against the layers of .dependency-cruiser.mjs');
  t.deepEqual(graph.cycles, [], 'folder cycles');
});

test('every folder of src/ is in exactly one layer', async (t) => {
  const { layers } = await cruiserConfig();
  const declared = layers.flatMap((l) => l.folders);
  t.is(new Set(declared).size, declared.length, 'a folder in two layers');
  const present = readdirSync(join(repoRoot, 'src'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name).sort();
  t.deepEqual([...declared].sort(), present);
});

test('the check itself: an upward import and a folder cycle are found', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-import-graph-'));
  t.teardown(() => rmSync(dir, { recursive: true, force: true }));
  const file = (path: string, text: string): void => {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  };
  // meta (the model) reaching up to compile (the compiler), which imports it
  file('src/meta/meta.ts', "import type { Options } from '../compile/options.ts';\nexport type Meta = { readonly o: Options };\n");
  file('src/compile/options.ts', "import type { Meta } from '../meta/meta.ts';\nexport type Options = { readonly m?: Meta };\n");
  file('src/errors/tags.ts', 'export const tags = 1;\n');
  const graph = await importGraph(dir);
  t.deepEqual(graph.violations, ['no-upward-import-from-meta: src/meta/meta.ts -> src/compile/options.ts']);
  t.deepEqual(graph.cycles.map((c) => [...c].sort()), [['compile', 'meta']]);
});
