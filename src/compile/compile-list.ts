/** list definitions: keys and unique constraints are resolved once the children exist. */
import type { Statement } from '../parser/statement.ts';
import type { LeafMeta, ListMeta } from '../meta/meta.ts';
import { fillChildren } from './compile-body.ts';
import type { Mutable } from './mutable.ts';
import { elementsArg, nodeBase, orderedByArg, type NodeContext } from './node-context.ts';
import { splitQName } from './scope.ts';
import { findDataChild } from '../meta/navigate.ts';
import { argOf, argument, subs } from './statements.ts';

export const compileList = (stmt: Statement, ctx: NodeContext): ListMeta => {
  const { min, max } = elementsArg(stmt, ctx);
  const keys: LeafMeta[] = [];
  const unique: Mutable<ListMeta>['unique'] = [];
  const node = {
    ...nodeBase('list', stmt, ctx),
    keys,
    unique,
    minElements: min,
    maxElements: max,
    orderedBy: orderedByArg(stmt, ctx),
    children: [],
    actions: [],
    notifications: [],
  } as Mutable<ListMeta>;
  fillChildren(node, stmt, ctx, () => {
    resolveKeys(node, stmt, keys, ctx);
    resolveUnique(node, stmt, unique, ctx);
  });
  if (node.recursive) {
    Object.defineProperty(node, 'keys', { get: () => (void node.children, keys), enumerable: true });
    Object.defineProperty(node, 'unique', { get: () => (void node.children, unique), enumerable: true });
  }
  return node;
};

const resolveKeys = (node: ListMeta, stmt: Statement, keys: LeafMeta[], ctx: NodeContext): void => {
  const keyArg = argOf(stmt, 'key');
  if (keyArg === undefined) {
    if (node.config) ctx.st.diag.error(stmt.loc, `list "${node.name}" is configuration but has no key`);
    return;
  }
  for (const k of keyArg.trim().split(/\s+/)) {
    const { name } = splitQName(k);
    const leaf = node.children.find((c) => c.name === name);
    if (leaf === undefined || leaf.kind !== 'leaf') {
      ctx.st.diag.error(stmt.loc, `key "${k}" of list "${node.name}" is not a leaf of the list`);
      continue;
    }
    if (keys.includes(leaf)) {
      ctx.st.diag.error(stmt.loc, `key "${k}" appears twice in list "${node.name}"`);
      continue;
    }
    if (leaf.config !== node.config) ctx.st.diag.error(leaf.loc, `key "${k}" of list "${node.name}" must have the list's config`);
    (leaf as Mutable<LeafMeta>).isKey = true;
    keys.push(leaf);
  }
};

const resolveUnique = (node: ListMeta, stmt: Statement, unique: Mutable<ListMeta>['unique'], ctx: NodeContext): void => {
  for (const u of subs(stmt, 'unique')) {
    const set: { path: string[]; leaf: LeafMeta }[] = [];
    for (const p of argument(u).trim().split(/\s+/)) {
      const path = p.split('/').map((s) => splitQName(s).name);
      let at: unknown = node;
      for (const name of path) at = at === undefined ? undefined : findDataChild(at as ListMeta, undefined, name);
      const leaf = at as LeafMeta | undefined;
      if (leaf === undefined || leaf.kind !== 'leaf') {
        ctx.st.diag.error(u.loc, `unique "${p}" of list "${node.name}" does not name a descendant leaf`);
        continue;
      }
      set.push({ path, leaf });
    }
    if (set.length > 0) unique.push(set);
  }
};
