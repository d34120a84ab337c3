/**
 * require-instance of a leafref found by key instead of by scanning: a path
 * of `..` and child steps whose list steps are narrowed by key predicates
 * (`[name = current()/../ifname]`), or whose last step is the key of the
 * last list (`/interfaces/interface/name`), finds its targets through the
 * lists' key index — a few lookups, whatever the size of the lists. Other
 * paths, and keys whose values do not print as their canonical text, are
 * left to the XPath evaluation (undefined).
 */
import { keyString } from '../data/list-index.ts';
import type { XPathExpr } from '../parser/expr/ast.ts';
import type { DataNodeMeta, LeafMeta, ListMeta, TypeMeta, XPathMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import type { ValidationRun } from './validation-run.ts';
import { parentPosition, type Position } from './xpath-reads.ts';
import type { XDataNode } from './x-data-node.ts';

/** A key's value: from current() (`up` parent steps, then child steps), in key order. */
interface KeySource {
  readonly up: number;
  readonly down: readonly DataNodeMeta[];
}

type PlanStep =
  | { readonly kind: 'up' }
  | { readonly kind: 'down'; readonly meta: DataNodeMeta }
  /** A list step narrowed to the entries whose keys are given by `keys` (in key order). */
  | { readonly kind: 'keyed'; readonly meta: ListMeta; readonly keys: readonly KeySource[] };

interface Plan {
  readonly absolute: boolean;
  readonly steps: readonly PlanStep[];
  /** The last step: the target leaf; `byKey` when it is the single key of the list before it (looked up with the value). */
  readonly target: DataNodeMeta;
  readonly byKey: ListMeta | undefined;
}

/** Types whose runtime values print (String, bits joined) exactly as their canonical text. */
function printsCanonically(t: TypeMeta): boolean {
  switch (t.base) {
    case 'string': case 'enumeration': case 'identityref': case 'binary': case 'decimal64': case 'bits': case 'boolean':
    case 'int8': case 'int16': case 'int32': case 'int64': case 'uint8': case 'uint16': case 'uint32': case 'uint64':
      return true;
    case 'leafref': return t.target !== undefined && printsCanonically(t.target.type);
    case 'union': return (t.members ?? []).every(printsCanonically);
    default: return false;
  }
}

const keysPrintCanonically = (list: ListMeta): boolean => list.keys.every((k) => printsCanonically(k.type));

function childNamed(p: Position, name: string, module: string | undefined, schema: ValidationRun['schema']): DataNodeMeta | undefined {
  const kids = p.kind === 'root'
    ? [...schema.modules.values()].flatMap((m) => dataChildren(m.children))
    : p.kind === 'container' || p.kind === 'list' ? dataChildren(p.children) : [];
  const found = kids.filter((c) => c.name === name && (module === undefined || c.module.name === module));
  return found.length === 1 ? found[0] : undefined;
}

/** `current()/../x/y` as a KeySource, relative to the referring leaf. */
function keySource(e: XPathExpr, from: DataNodeMeta, moduleOf: (prefix: string | undefined) => string | undefined, schema: ValidationRun['schema']): KeySource | undefined {
  if (e.kind !== 'filter' || e.primary.kind !== 'call' || e.primary.name !== 'current' || e.primary.args.length > 0 || e.predicates.length > 0) return undefined;
  let up = 0;
  const down: DataNodeMeta[] = [];
  let at: Position = from;
  for (const s of e.steps) {
    if (s.predicates.length > 0) return undefined;
    if (s.axis === 'parent' && s.test.kind === 'node' && down.length === 0) {
      if (at.kind === 'root') return undefined;
      at = parentPosition(at);
      up++;
    } else if (s.axis === 'child' && s.test.kind === 'name') {
      const c = childNamed(at, s.test.name, moduleOf(s.test.prefix), schema);
      if (c === undefined) return undefined;
      down.push(c);
      at = c;
    } else {
      return undefined;
    }
  }
  return down.length > 0 ? { up, down } : undefined;
}

function makePlan(path: XPathMeta, leaf: DataNodeMeta, defaultModule: string, schema: ValidationRun['schema']): Plan | undefined {
  const e = path.expr;
  if (e.kind !== 'path') return undefined;
  const moduleOf = (prefix: string | undefined): string | undefined => (prefix === undefined ? defaultModule : path.prefixes.get(prefix));
  const steps: PlanStep[] = [];
  let at: Position = e.absolute ? { kind: 'root' } as Position : leaf;
  let last: DataNodeMeta | undefined;
  for (const s of e.steps) {
    if (s.axis === 'parent' && s.test.kind === 'node' && s.predicates.length === 0) {
      if (at.kind === 'root') return undefined;
      at = parentPosition(at);
      steps.push({ kind: 'up' });
      last = undefined;
      continue;
    }
    if (s.axis !== 'child' || s.test.kind !== 'name') return undefined;
    const module = moduleOf(s.test.prefix);
    if (module === undefined) return undefined;
    const c = childNamed(at, s.test.name, module, schema);
    if (c === undefined) return undefined;
    if (s.predicates.length > 0) {
      if (c.kind !== 'list' || !keysPrintCanonically(c)) return undefined;
      const keys = new Map<LeafMeta, KeySource>();
      for (const p of s.predicates) {
        if (p.kind !== 'binary' || p.op !== '=') return undefined;
        const [name, value] = p.left.kind === 'path' ? [p.left, p.right] : [p.right, p.left];
        if (name.kind !== 'path' || name.absolute || name.steps.length !== 1) return undefined;
        const ks = name.steps[0];
        if (ks === undefined || ks.axis !== 'child' || ks.test.kind !== 'name' || ks.predicates.length > 0) return undefined;
        const key = c.keys.find((k) => k.name === (ks.test as { name: string }).name && k.module.name === moduleOf((ks.test as { prefix: string | undefined }).prefix));
        const src = key === undefined ? undefined : keySource(value, leaf, moduleOf, schema);
        if (key === undefined || src === undefined || keys.has(key)) return undefined;
        keys.set(key, src);
      }
      if (keys.size !== c.keys.length) return undefined;
      steps.push({ kind: 'keyed', meta: c, keys: c.keys.map((k) => keys.get(k) as KeySource) });
    } else {
      steps.push({ kind: 'down', meta: c });
    }
    at = c;
    last = c;
  }
  if (last === undefined || (last.kind !== 'leaf' && last.kind !== 'leaf-list')) return undefined;
  const before = steps[steps.length - 2];
  const list = before?.kind === 'down' && before.meta.kind === 'list' ? before.meta : undefined;
  const byKey = list !== undefined && list.keys.length === 1 && list.keys[0] === last && keysPrintCanonically(list) ? list : undefined;
  return { absolute: e.absolute, steps: steps.slice(0, byKey === undefined ? -1 : -2), target: last, byKey };
}

const plans = new WeakMap<XPathMeta, Map<DataNodeMeta, Plan | null>>();

function planFor(run: ValidationRun, path: XPathMeta, node: XDataNode): Plan | undefined {
  const leaf = node.schema as DataNodeMeta;
  let byLeaf = plans.get(path);
  if (byLeaf === undefined) plans.set(path, (byLeaf = new Map()));
  let p = byLeaf.get(leaf);
  if (p === undefined) byLeaf.set(leaf, (p = makePlan(path, leaf, node.module, run.schema) ?? null));
  return p ?? undefined;
}

const down = (nodes: readonly XDataNode[], meta: DataNodeMeta): XDataNode[] => nodes.flatMap((n) => n.group(meta));

/** The text values a key source selects from the referring node. */
function sourceValues(node: XDataNode, src: KeySource): string[] {
  let n: XDataNode | undefined = node;
  for (let i = 0; i < src.up && n !== undefined; i++) n = n.parent;
  if (n === undefined) return [];
  let nodes: XDataNode[] = [n];
  for (const m of src.down) nodes = down(nodes, m);
  return nodes.map((x) => x.stringValue());
}

/** Every combination of one value per key. */
function combinations(values: readonly (readonly string[])[]): string[][] {
  let out: string[][] = [[]];
  for (const vs of values) out = out.flatMap((prefix) => vs.map((v) => [...prefix, v]));
  return out;
}

/** Whether the leafref path selects a node whose value is `text`; undefined when the path is not one this handles. */
export function leafrefByKey(run: ValidationRun, path: XPathMeta, node: XDataNode, text: string): boolean | undefined {
  const plan = planFor(run, path, node);
  if (plan === undefined) return undefined;
  let nodes: XDataNode[] = [plan.absolute ? run.root : node];
  for (const s of plan.steps) {
    if (s.kind === 'up') {
      nodes = [...new Set(nodes.map((n) => n.parent).filter((n): n is XDataNode => n !== undefined))];
    } else if (s.kind === 'down') {
      nodes = down(nodes, s.meta);
    } else {
      const found: XDataNode[] = [];
      for (const n of nodes) {
        for (const key of combinations(s.keys.map((k) => sourceValues(node, k)))) {
          const e = n.entryByKey(s.meta, keyString(key));
          if (e !== undefined) found.push(e);
        }
      }
      nodes = found;
    }
    if (nodes.length === 0) return false;
  }
  if (plan.byKey !== undefined) {
    const list = plan.byKey;
    return nodes.some((n) => n.entryByKey(list, keyString([text])) !== undefined);
  }
  return down(nodes, plan.target).some((n) => n.stringValue() === text);
}
