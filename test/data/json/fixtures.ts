/** The fixture schemas of the JSON tests, compiled once per test file. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { compileSchema } from '../../../src/compile/compile-schema.ts';
import type { ContainerMeta, DataNodeMeta, ListMeta, ModuleMeta, SchemaContext } from '../../../src/meta/meta.ts';
import { findDataChild } from '../../../src/meta/navigate.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'yang');
export const dataDir = join(fixtures, 'data');
export const featuresDir = join(fixtures, 'features');

export const compile = (dir: string, files: readonly string[]): SchemaContext => {
  const r = compileSchema({ searchPath: [dir], modules: files.map((f) => ({ file: join(dir, f) })) });
  if (!r.ok) throw new Error(`fixture does not compile: ${r.diagnostics.map((d) => d.message).join('; ')}`);
  return r.context;
};

/** dx-data and dx-augment (test/fixtures/yang/data). */
export const dxFiles = ['dx-data.yang', 'dx-augment.yang'] as const;
export const dxSchema = (): SchemaContext => compile(dataDir, dxFiles);

export const moduleOf = (schema: SchemaContext, name: string): ModuleMeta => {
  const m = schema.modules.get(name);
  if (m === undefined) throw new Error(`no module ${name}`);
  return m;
};

/** A data node by a path of names from a module or node (any module). */
export const nodeAt = (from: ModuleMeta | ContainerMeta | ListMeta, ...names: string[]): DataNodeMeta => {
  let node: DataNodeMeta | ModuleMeta = from;
  for (const name of names) {
    const next: DataNodeMeta | undefined = node.kind === 'module' || node.kind === 'container' || node.kind === 'list'
      ? findDataChild(node, undefined, name)
      : undefined;
    if (next === undefined) throw new Error(`no node ${names.join('/')}`);
    node = next;
  }
  if (node.kind === 'module') throw new Error('empty path');
  return node;
};
