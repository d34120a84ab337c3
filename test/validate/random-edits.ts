/**
 * Random edits over a datastore, for the property test of an edit's
 * validation: each edit is a few numbers (shrinkable) read against the
 * current trees — set a leaf, delete a node, create an entry, replace or
 * merge a subtree — and applied with the real edit walk (applyEdit) on
 * journaled data-tree nodes, as commitEdit applies a candidate.
 */
import fc from 'fast-check';
import { Browser } from '../../src/actors/browser.ts';
import { runToEnd } from '../../src/actors/co.ts';
import { applyEdit, type EditOperation } from '../../src/actors/edit/apply-edit.ts';
import type { FieldValue } from '../../src/data/field-value.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import { DataContainerNode } from '../../src/actors/nodes/data-node.ts';
import { DataContainer, type HolderMeta } from '../../src/data/data-container.ts';
import type { DataJournal } from '../../src/data/data-journal.ts';
import type { PathSegment } from '../../src/data/data-path.ts';
import type {
  DataNodeMeta, IdentityMeta, LeafListMeta, LeafMeta, ListMeta, ModuleMeta, SchemaContext, TypeMeta,
} from '../../src/meta/meta.ts';
import { dataChildren } from '../../src/meta/navigate.ts';
import { validateValue, type YangValue } from '../../src/types/index.ts';
import { defaultValues } from '../../src/validate/default-values.ts';

export interface EditSeed {
  readonly kind: number;
  readonly pick: number;
  readonly value: number;
}

export const editSeed: fc.Arbitrary<EditSeed> = fc.record({ kind: fc.nat(5), pick: fc.nat(), value: fc.nat() });

/** A stored instance, or the place of an absent child of a stored holder. */
interface Place {
  readonly module: ModuleMeta;
  readonly path: readonly PathSegment[];
  readonly meta: DataNodeMeta;
  /** The holder's data; for a stored container or entry, its own data too. */
  readonly holder: DataContainer;
  readonly own: DataContainer | undefined;
  readonly stored: boolean;
}

const isField = (m: DataNodeMeta): m is LeafMeta | LeafListMeta => m.kind === 'leaf' || m.kind === 'leaf-list';

/** Every config child place below the stored holders of the trees (stored nodes and absent ones). */
function places(roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext): Place[] {
  const out: Place[] = [];
  const walk = (module: ModuleMeta, holder: DataContainer, meta: HolderMeta, path: readonly PathSegment[]): void => {
    for (const m of dataChildren(meta.children)) {
      if (!m.config) continue;
      const v = holder.get(m);
      const p = [...path, { meta: m }];
      if (m.kind === 'list') {
        out.push({ module, path: p, meta: m, holder, own: undefined, stored: false });
        for (const e of (v ?? []) as readonly DataContainer[]) {
          const ep = [...path, { meta: m, key: m.keys.map((k) => e.get(k) as YangValue) }];
          out.push({ module, path: ep, meta: m, holder, own: e, stored: true });
          walk(module, e, m, ep);
        }
      } else if (m.kind === 'container') {
        out.push({ module, path: p, meta: m, holder, own: v as DataContainer | undefined, stored: v !== undefined });
        if (v !== undefined) walk(module, v as DataContainer, m, p);
      } else {
        out.push({ module, path: p, meta: m, holder, own: undefined, stored: v !== undefined });
      }
    }
  };
  for (const m of schema.modules.values()) {
    if (!m.implemented) continue;
    walk(m, roots.get(m.name) ?? new DataContainer(m), m, []);
  }
  return out;
}

/** Candidate values of a type: those seen, defaults, and a few of every kind, kept when valid. */
export class ValuePool {
  private readonly seen = new Map<DataNodeMeta, YangValue[]>();

  constructor(private readonly schema: SchemaContext, roots: ReadonlyMap<string, DataContainer>) {
    const visit = (c: DataContainer): void => {
      for (const [m, v] of c.values) {
        if (m.kind === 'leaf') this.note(m, v as YangValue);
        else if (m.kind === 'leaf-list') for (const x of v as readonly YangValue[]) this.note(m, x);
        else if (m.kind === 'container') visit(v as DataContainer);
        else if (m.kind === 'list') for (const e of v as readonly DataContainer[]) visit(e);
      }
    };
    for (const r of roots.values()) visit(r);
  }

  private note(m: DataNodeMeta, v: YangValue): void {
    let s = this.seen.get(m);
    if (s === undefined) this.seen.set(m, (s = []));
    if (!s.includes(v)) s.push(v);
  }

  private identities(): IdentityMeta[] {
    return [...this.schema.modules.values()].flatMap((m) => [...m.identities.values()]);
  }

  private generic(type: TypeMeta): YangValue[] {
    switch (type.base) {
      case 'boolean': return [true, false];
      case 'enumeration': return (type.enums ?? []).map((e) => e.name);
      case 'identityref': return this.identities().map((i) => `${i.module.name}:${i.name}`);
      case 'empty': return [null];
      case 'int64': case 'uint64': return [0n, 1n, 2n, 5n, 100n];
      case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
        return [0, 1, 2, 3, 5, 9, 50, 99, 100, 101, 150, 1000];
      case 'decimal64': return ['0.0', '1.5', '10.0'];
      case 'string': return ['a', 'b', 'c', 'zz', 'h1', 'al-b', 'x1', 'k1', 'k2', 'k3', 'k4'];
      case 'union': return (type.members ?? []).flatMap((m) => this.generic(m));
      case 'leafref': return type.target === undefined ? [] : this.generic(type.target.type);
      default: return [];
    }
  }

  values(meta: LeafMeta | LeafListMeta): YangValue[] {
    const target = meta.type.base === 'leafref' ? meta.type.target : undefined;
    const all = [...(this.seen.get(meta) ?? []), ...(target === undefined ? [] : this.seen.get(target) ?? []), ...defaultValues(meta, this.schema), ...this.generic(meta.type)];
    const identity = (module: string, name: string) => this.schema.modules.get(module)?.identities.get(name);
    const out: YangValue[] = [];
    for (const v of all) if (!out.includes(v) && validateValue(meta.type, v, identity).ok) out.push(v);
    return out;
  }
}

export interface Edit {
  readonly module: ModuleMeta;
  readonly steps: TargetStep[];
  readonly operation: EditOperation;
  readonly input: DataContainer | FieldValue | undefined;
  readonly describe: string;
}

const stepsOf = (path: readonly PathSegment[]): TargetStep[] =>
  path.map((s) => (s.meta.kind === 'list' ? { meta: s.meta, key: s.key } : { meta: s.meta }) as TargetStep);

const pickOf = <T>(xs: readonly T[], n: number): T | undefined => (xs.length === 0 ? undefined : xs[n % xs.length]);

/** A clone of `c` without the child `drop` (a key leaf is kept). */
function without(c: DataContainer, n: number): DataContainer {
  const copy = c.clone();
  const droppable = [...copy.values.keys()].filter((m) => !(m.kind === 'leaf' && m.isKey));
  const m = pickOf(droppable, n);
  if (m !== undefined) copy.delete(m);
  return copy;
}

/** The edit a seed stands for on the current trees, or undefined when there is nothing of its kind. */
export function editFor(seed: EditSeed, roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext, pool: ValuePool): Edit | undefined {
  const all = places(roots, schema);
  const describe = (what: string, p: Place): string => `${what} ${p.path.map((s) => `${s.meta.name}${s.key === undefined ? '' : `=${s.key.join(',')}`}`).join('/')}`;
  switch (seed.kind) {
    case 0: {
      const p = pickOf(all.filter((x) => isField(x.meta) && !(x.meta.kind === 'leaf' && x.meta.isKey)), seed.pick);
      if (p === undefined) return undefined;
      const vs = pool.values(p.meta as LeafMeta | LeafListMeta);
      const v = pickOf(vs, seed.value);
      if (v === undefined) return undefined;
      const more = [seed.value >> 3, seed.value >> 6, seed.value >> 9].slice(0, seed.value % 4).map((n) => pickOf(vs, n) ?? v);
      const input = p.meta.kind === 'leaf-list' ? [...new Set([v, ...more])] : v;
      return { module: p.module, steps: stepsOf(p.path), operation: 'merge', input: input as FieldValue, describe: `${describe('set', p)} ${String(input)}` };
    }
    case 1: {
      // Key leaves are not edited on their own (RESTCONF has them read-only).
      const p = pickOf(all.filter((x) => x.stored && !(x.meta.kind === 'leaf' && x.meta.isKey)), seed.pick);
      if (p === undefined) return undefined;
      return { module: p.module, steps: stepsOf(p.path), operation: 'delete', input: undefined, describe: describe('delete', p) };
    }
    case 2: {
      const p = pickOf(all.filter((x) => x.meta.kind === 'list' && !x.stored), seed.pick);
      if (p === undefined) return undefined;
      const list = p.meta as ListMeta;
      if (list.keys.length === 0) return undefined;
      const key = list.keys.map((k, i) => pickOf(pool.values(k), seed.value + i));
      if (key.some((k) => k === undefined)) return undefined;
      const siblings = (p.holder.get(list) ?? []) as readonly DataContainer[];
      const model = seed.value % 3 === 0 ? undefined : pickOf(siblings, seed.value >> 2);
      const entry = model === undefined ? new DataContainer(list) : without(model, seed.value >> 4);
      list.keys.forEach((k, i) => entry.set(k, key[i] as YangValue));
      const path = [...p.path.slice(0, -1), { meta: list, key: key as YangValue[] }];
      return { module: p.module, steps: stepsOf(path), operation: 'create', input: entry, describe: `${describe('create', { ...p, path })}` };
    }
    case 3: {
      const p = pickOf(all.filter((x) => x.own !== undefined), seed.pick);
      if (p === undefined || p.own === undefined) return undefined;
      return { module: p.module, steps: stepsOf(p.path), operation: 'replace', input: without(p.own, seed.value), describe: describe('replace', p) };
    }
    case 4: {
      const p = pickOf(all.filter((x) => x.own !== undefined), seed.pick);
      if (p === undefined || p.own === undefined) return undefined;
      const others = all.filter((x) => x.meta === p.meta && x.own !== undefined && x.own !== p.own);
      const from = pickOf(others, seed.value);
      if (from?.own === undefined) return undefined;
      const input = from.own.clone();
      if (p.meta.kind === 'list') for (const k of p.meta.keys) input.set(k, p.own.get(k) as YangValue);
      return { module: p.module, steps: stepsOf(p.path), operation: 'merge', input, describe: `${describe('merge', p)} from another` };
    }
    default: {
      const p = pickOf(all.filter((x) => x.meta.kind === 'container' && !x.stored), seed.pick);
      if (p === undefined) return undefined;
      return { module: p.module, steps: stepsOf(p.path), operation: 'merge', input: new DataContainer(p.meta as HolderMeta), describe: describe('create container', p) };
    }
  }
}

/** Applies an edit to its module's tree through data-tree nodes that tell `journal`; false when the edit itself fails (data-exists...). */
export async function applyTo(roots: Map<string, DataContainer>, schema: SchemaContext, edit: Edit, journal: DataJournal): Promise<boolean> {
  let tree = roots.get(edit.module.name);
  if (tree === undefined) roots.set(edit.module.name, (tree = new DataContainer(edit.module)));
  const data = tree;
  const browser = new Browser(edit.module, schema, () => new DataContainerNode(data, undefined, journal));
  try {
    await runToEnd(applyEdit(browser.root(), edit.steps, edit.operation, edit.input));
    return true;
  } catch {
    return false;
  }
}
