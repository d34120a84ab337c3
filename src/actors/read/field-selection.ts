/**
 * The fields (RFC 8040 §4.8.3) and rx.xfields parameters resolved against
 * the schema: which data children are selected at each level. On the
 * datastore resource the first step names a module's top-level node.
 */
import type { FieldsExpr } from '../../parser/expr/ast.ts';
import type { DataNodeMeta, SchemaContext } from '../../meta/meta.ts';
import { findDataChild } from '../../meta/navigate.ts';
import type { SelectionMeta } from '../selection.ts';

export interface FieldSelection {
  /** Everything at and below this point. */
  readonly all: boolean;
  readonly children: ReadonlyMap<DataNodeMeta, FieldSelection>;
}

type Holder = Parameters<typeof findDataChild>[0];

const holderOf = (m: SelectionMeta | DataNodeMeta): Holder | undefined =>
  m.kind === 'leaf' || m.kind === 'leaf-list' || m.kind === 'anydata' || m.kind === 'anyxml' || m.kind === 'rpc' || m.kind === 'action' ? undefined : (m as Holder);

interface Building {
  all: boolean;
  children: Map<DataNodeMeta, Building>;
}

/** The datastore resource (RFC 8040 §3.3.1): its children are the top-level data nodes of every module. */
export interface DatastoreFields {
  readonly kind: 'datastore';
  readonly schema: SchemaContext;
}

type FieldTarget = SelectionMeta | DataNodeMeta | DatastoreFields;

const stepText = (step: { readonly module: string | undefined; readonly name: string }): string =>
  `${step.module === undefined ? '' : `${step.module}:`}${step.name}`;

/** The data node a step names below `node`: on the datastore, a module's top-level node (its name must be qualified, RFC 8040 §4.8.3). */
const childOf = (node: FieldTarget, step: { readonly module: string | undefined; readonly name: string }): DataNodeMeta | string => {
  if (node.kind === 'datastore') {
    const module = step.module === undefined ? undefined : node.schema.modules.get(step.module);
    const top = module?.implemented === true ? findDataChild(module, step.module, step.name) : undefined;
    return top ?? `on the datastore, a field starts with a module's top-level data node, as "<module>:<name>", not "${stepText(step)}"`;
  }
  const h = holderOf(node);
  const next = h === undefined ? undefined : findDataChild(h, step.module, step.name);
  return next ?? `"${stepText(step)}" is not a data node below "${'name' in node ? node.name : ''}"`;
};

/** Resolves a fields expression below `target` (a schema node, or the datastore); unknown names are an error message. */
export const resolveFields = (expr: FieldsExpr, target: FieldTarget): FieldSelection | string => {
  const root: Building = { all: false, children: new Map() };
  const add = (e: FieldsExpr, at: FieldTarget, into: Building): string | undefined => {
    for (const item of e) {
      let node = at;
      let b = into;
      for (const step of item.path) {
        const next = childOf(node, step);
        if (typeof next === 'string') return next;
        let nb = b.children.get(next);
        if (nb === undefined) {
          nb = { all: false, children: new Map() };
          b.children.set(next, nb);
        }
        node = next;
        b = nb;
      }
      if (item.sub === undefined) b.all = true;
      else {
        const err = add(item.sub, node, b);
        if (err !== undefined) return err;
      }
    }
    return undefined;
  };
  const err = add(expr, target, root);
  return err ?? root;
};

/** The selection below `child`, or null when `child` is not selected (fields). */
export const fieldsBelow = (f: FieldSelection | undefined, child: DataNodeMeta): FieldSelection | undefined | null => {
  if (f === undefined || f.all) return undefined;
  const c = f.children.get(child);
  if (c === undefined) return null;
  return c.all ? undefined : c;
};

/** The exclusion below `child`, or null when `child` itself is excluded (rx.xfields). */
export const xfieldsBelow = (x: FieldSelection | undefined, child: DataNodeMeta): FieldSelection | undefined | null => {
  if (x === undefined) return undefined;
  const c = x.children.get(child);
  if (c === undefined) return undefined;
  return c.all ? null : c;
};
