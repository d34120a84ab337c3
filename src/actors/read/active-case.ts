/**
 * Which case of a choice is in effect where a read is (RFC 7950 §7.9): the
 * case that holds data, else the default case — whose defaults then show,
 * as do those of a non-default case that holds data. Asked of a node's
 * `choose` where it has one; a node without one is probed (does any node
 * of the case answer?), but only when the answer matters: when a case
 * would show defaults in the mode. Plain data is asked directly.
 */
import type { DataContainer } from '../../data/data-container.ts';
import { childPath } from '../../data/data-path.ts';
import type { CaseMeta, ChoiceMeta, DataDef, SchemaNode } from '../../meta/meta.ts';
import { isPending } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { Node } from '../node.ts';
import { OMITTED, OMITTED_VALUE } from '../omitted.ts';
import type { Selection } from '../selection.ts';
import { showsDefaultsBelow } from './implicit-container.ts';
import type { WithDefaults } from './with-defaults.ts';

/** Whether a data-tree node holds a node of `cases` (through nested choices). */
const inCases = (n: SchemaNode, cases: readonly CaseMeta[]): boolean => {
  for (let p = n.parent; p !== undefined; p = p.parent) if (cases.includes(p as CaseMeta)) return true;
  return false;
};

/** The case of `choice` that holds data in `data`, as the data-tree node's `choose` answers. */
export const chosenCase = (data: DataContainer, choice: ChoiceMeta): string | undefined => {
  for (const m of data.values.keys()) {
    if (!inCases(m, choice.cases)) continue;
    for (let p: SchemaNode | undefined = m.parent; p !== undefined; p = p.parent) {
      if (p.kind === 'case' && p.parent === choice) return p.name;
    }
  }
  return undefined;
};

/** Every case: the walk reads them all and writes what they hold. */
export const ALL_CASES: unique symbol = Symbol('all cases');

/** The case in effect when no case holds data: the default case, when the mode shows defaults in it. */
export const fallbackCase = (choice: ChoiceMeta, mode: WithDefaults): string | undefined => {
  const d = choice.defaultCase;
  return d !== undefined && showsDefaultsBelow(d, mode) ? d.name : undefined;
};

/** Whether any node of `defs` (through nested choices) answers below `from`. */
function* holdsData(from: Selection, defs: readonly DataDef[]): Co<boolean> {
  for (const def of defs) {
    if (def.kind === 'choice') {
      for (const c of def.cases) if (yield* holdsData(from, c.children)) return true;
      continue;
    }
    const path = childPath(from.path, def);
    if (def.kind === 'container' || def.kind === 'list') {
      const a = from.node.child?.({ selection: from, path, meta: def, new: false, delete: false });
      const node = (isPending(a) ? yield a : a) as Node | undefined;
      node?.release?.();
      // what the node leaves out (access control) is not data that puts its case in effect
      if (node !== undefined && node !== OMITTED) return true;
    } else {
      const a = from.node.field?.({ selection: from, path, meta: def, write: false, value: undefined });
      const v = isPending(a) ? yield a : a;
      if (v !== undefined && v !== OMITTED_VALUE) return true;
    }
  }
  return false;
}

/**
 * The case of `choice` in effect below `from`, undefined for none, or
 * ALL_CASES when the node cannot tell and no case shows defaults (`probe`
 * false: the walk then reads every case).
 */
export function* activeCase(from: Selection, choice: ChoiceMeta, mode: WithDefaults, probe: boolean): Co<string | undefined | typeof ALL_CASES> {
  if (from.node.choose !== undefined) {
    const a = from.node.choose({ selection: from, path: from.path, meta: choice, cases: choice.cases });
    const only = (isPending(a) ? yield a : a) as string | undefined;
    return only ?? fallbackCase(choice, mode);
  }
  if (!probe && !choice.cases.some((c) => showsDefaultsBelow(c, mode))) return ALL_CASES;
  for (const c of choice.cases) if (yield* holdsData(from, c.children)) return c.name;
  return fallbackCase(choice, mode);
}

/** Whether every case `meta` sits in below `from` (a container, entry or module root) is in effect. */
export function* inActiveCases(from: Selection, meta: SchemaNode, mode: WithDefaults): Co<boolean> {
  for (let p = meta.parent; p !== undefined && p.kind === 'case'; p = p.parent?.parent) {
    const choice = p.parent as ChoiceMeta;
    if ((yield* activeCase(from, choice, mode, true)) !== p.name) return false;
  }
  return true;
}

/** As inActiveCases, on plain data. */
export const plainInActiveCases = (data: DataContainer, meta: SchemaNode, mode: WithDefaults): boolean => {
  for (let p = meta.parent; p !== undefined && p.kind === 'case'; p = p.parent?.parent) {
    const choice = p.parent as ChoiceMeta;
    if ((chosenCase(data, choice) ?? fallbackCase(choice, mode)) !== (p as CaseMeta).name) return false;
  }
  return true;
}
