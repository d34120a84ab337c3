/** Resolution of absolute schema node identifiers (augment and deviation targets). */
import { parseSchemaNodeId } from '../parser/expr/index.ts';
import type { Statement } from '../parser/statement.ts';
import type { SchemaNode } from '../meta/meta.ts';
import { schemaChild, type SchemaHolder } from '../meta/navigate.ts';
import type { CompileState } from './compile-state.ts';
import type { ParsedSource } from './parsed-source.ts';
import { argument } from './statements.ts';
import { childrenKey } from './vanished-nodes.ts';

/**
 * The node, or an error, or `vanished` when a node on the way was removed by
 * if-feature (the augment or deviation then vanishes with it, see vanished-nodes.ts).
 */
export type Resolution = { readonly node: SchemaNode } | { readonly error: string } | { readonly vanished: true };

export const resolveAbsolute = (stmt: Statement, source: ParsedSource, st: CompileState): Resolution => {
  const text = argument(stmt);
  const id = parseSchemaNodeId(text);
  if (!id.ok) return { error: `invalid ${stmt.keyword} target "${text}": ${id.message}` };
  if (!id.value.absolute) return { error: `${stmt.keyword} target "${text}" must be an absolute schema node identifier` };
  let at: SchemaHolder | undefined;
  for (const step of id.value.steps) {
    const module = step.prefix === undefined ? (source.kind === 'module' ? source.name : source.belongsTo) : source.prefixes.get(step.prefix);
    if (module === undefined) return { error: `unknown prefix "${step.prefix ?? ''}" in ${stmt.keyword} target "${text}"` };
    if (at === undefined) {
      const m = st.modules.get(module);
      if (m === undefined) return { error: `${stmt.keyword} target "${text}": module "${module}" is not loaded` };
      at = m;
    }
    const next: SchemaNode | undefined = schemaChild(at, module, step.name);
    if (next === undefined && st.vanished.has(childrenKey(at), step.name)) return { vanished: true };
    if (next === undefined) return { error: `${stmt.keyword} target "${text}" not found: no node "${step.name}" in ${at.kind === 'module' ? `module "${at.name}"` : `"${at.name}"`}` };
    at = next;
  }
  if (at === undefined || at.kind === 'module') return { error: `${stmt.keyword} target "${text}" is empty` };
  return { node: at };
};
