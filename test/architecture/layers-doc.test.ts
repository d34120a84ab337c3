/**
 * docs/architecture.md lists the layers of src/ as .dependency-cruiser.mjs
 * declares them (the one place the import-graph test reads): its "## Layers"
 * table has one row per layer, in order, naming the same folders.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cruiserConfig, repoRoot } from './import-graph.ts';

const doc = readFileSync(join(repoRoot, 'docs', 'architecture.md'), 'utf8');

/** The folders of each row of the "## Layers" table, in order. */
const documentedLayers = (text: string): string[][] => {
  const start = text.indexOf('\n## Layers\n');
  if (start < 0) return [];
  const rest = text.slice(start);
  const next = rest.slice(1).search(/\n## /);
  const section = next < 0 ? rest : rest.slice(0, next + 1);
  return [...section.matchAll(/^\| \d+ \| (.+?) \|/gm)].map((m) => [...(m[1] ?? '').matchAll(/`([^`]+)`/g)].map((f) => f[1] ?? ''));
};

test('docs/architecture.md lists the layers of .dependency-cruiser.mjs, in order, with their folders', async (t) => {
  const { layers } = await cruiserConfig();
  t.deepEqual(documentedLayers(doc), layers.map((l) => [...l.folders]));
});

test('the check itself: a page with two layers swapped does not match', async (t) => {
  const { layers } = await cruiserConfig();
  const first = doc.match(/^\| 1 \|.*$/m)?.[0] ?? '';
  const second = doc.match(/^\| 2 \|.*$/m)?.[0] ?? '';
  const swapped = doc.replace(first, '@@').replace(second, first).replace('@@', second);
  const rows = documentedLayers(swapped);
  t.is(rows.length, layers.length);
  t.notDeepEqual(rows, layers.map((l) => [...l.folders]));
});
