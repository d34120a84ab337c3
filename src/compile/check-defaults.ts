/** Every default value must be valid for its type (checked once leafrefs know their targets). */
import { decodeString } from '../types/index.ts';
import type { LeafListMeta, LeafMeta, ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { schemaChildren, type SchemaHolder } from '../meta/navigate.ts';
import type { CompileState } from './compile-state.ts';

const check = (node: LeafMeta | LeafListMeta, text: string, st: CompileState): void => {
  if (node.type.base === 'leafref' && node.type.target === undefined) return;
  const r = decodeString(node.type, text, {
    leafModule: node.defaultPrefixes.get('') ?? node.module.name,
    identity: (module, name) => st.modules.get(module)?.identities.get(name),
    qualifier: 'prefix',
    prefixes: node.defaultPrefixes,
  });
  if (!r.ok) st.diag.error(node.loc, `invalid default "${text}" of ${node.kind} "${node.name}": ${r.errors.map((e) => e.message).join('; ')}`);
};

const visit = (n: SchemaHolder, st: CompileState): void => {
  for (const c of schemaChildren(n) as SchemaNode[]) {
    if (c.kind === 'leaf') {
      if (c.default !== undefined && !c.isKey) check(c, c.default, st);
    } else if (c.kind === 'leaf-list') {
      for (const d of c.defaults) check(c, d, st);
    } else if (!c.recursive) {
      visit(c, st);
    }
  }
};

export const checkDefaults = (modules: Iterable<ModuleMeta>, st: CompileState): void => {
  for (const m of modules) visit(m, st);
};
