/**
 * The XPath view (`XNode`) of a datastore snapshot, as RFC 7950 §6.4.1
 * describes the accessible tree: a root whose children are the top-level
 * nodes of every module, then containers, list entries (in stored order),
 * leaves, leaf-list entries and anydata. Document order is schema order,
 * then stored order. Leaves and leaf-lists with a default in use, and
 * non-presence containers, exist even when nothing is stored for them.
 *
 * Implicit nodes are added without evaluating their `when` (the walk does
 * that, and skips them when it is false): in the view, a default or
 * non-presence container under a false `when` still exists.
 *
 * Nodes are made lazily: a node's children are built the first time they are
 * asked for and kept, so one tree serves a whole validation run with stable
 * node identity. The children of one schema node (`group`), and one list
 * entry (`entry`), can be had without making their siblings: an edit's
 * validation looks at what it changed, not at every entry of a big list.
 */
import type { AnyValue, DataContainer, DataValue, HolderMeta } from '../data/data-container.ts';
import type {
  ContainerMeta, DataNodeMeta, ListMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaContext,
} from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import type { XNode, XNodeKind } from '../xpath/index.ts';
import { allEntries, entryKeyString, findEntry } from '../data/list-index.ts';
import { canonicalText } from './canonical-text.ts';
import { CaseUsage, holdsData } from './case-usage.ts';
import { defaultValues } from './default-values.ts';
import { planFor, type ChildSlot, type Content, type HolderPlan } from './holder-plan.ts';

/** An operation (input or output) or notification instance placed in the tree. */
export interface Attachment {
  /** The holder instance it is a child of; 'root' for an rpc or a top-level notification. */
  readonly at: DataContainer | 'root';
  readonly meta: OperationMeta | NotificationMeta;
  /** Its content: a container whose meta is the input, output or notification. */
  readonly content: DataContainer;
}

export interface XDataTreeSpec {
  readonly roots: ReadonlyMap<string, DataContainer>;
  readonly schema: SchemaContext;
  readonly content: Content;
  /** Modules whose top-level nodes are children of the root, in this order. */
  readonly modules: readonly ModuleMeta[];
  readonly attachment?: Attachment | undefined;
}

export type XDataSchema = DataNodeMeta | OperationMeta | NotificationMeta;

const NO_CHILDREN: readonly XDataNode[] = [];

export class XDataNode implements XNode {
  readonly name: string;
  readonly module: string;
  private kids: readonly XDataNode[] | undefined;
  /** The children of one schema node, made on demand (before or with the whole list of children): the first asked for here, the others in `groups`. */
  private firstMeta: DataNodeMeta | undefined;
  private firstGroup: readonly XDataNode[] | undefined;
  private groups: Map<DataNodeMeta, readonly XDataNode[]> | undefined;
  /** List entries made one at a time (found by key), reused when their group is made. */
  private entries: Map<DataContainer, XDataNode> | undefined;
  private usages: Map<HolderMeta, CaseUsage> | undefined;
  private text: string | undefined;

  constructor(
    readonly spec: XDataTreeSpec,
    readonly kind: XNodeKind,
    /** undefined for the root only. */
    readonly schema: XDataSchema | undefined,
    readonly parent: XDataNode | undefined,
    /** Position among the parent's children; undefined until the parent's children are listed, or for a when dummy. */
    private index: number | undefined,
    /** For the root, containers, list entries and operations: the stored data (undefined when implicit). */
    readonly container: DataContainer | undefined,
    /** For leaves, leaf-list entries and anydata. undefined for a when dummy. */
    readonly value: YangValue | AnyValue | undefined,
    /** Exists without stored data: a default in use, a non-presence container, a when dummy. */
    readonly implicit: boolean,
  ) {
    this.name = schema === undefined ? '' : schema.name;
    this.module = schema === undefined ? '' : schema.module.name;
  }

  /** 0-based position among the parent's children (lists them when not known yet). */
  get siblingIndex(): number | undefined {
    if (this.index === undefined && this.parent !== undefined && !(this.implicit && this.value === undefined && this.kind === 'leaf')) {
      this.parent.children();
    }
    return this.index;
  }

  children(): readonly XDataNode[] {
    return (this.kids ??= buildChildren(this));
  }

  /**
   * The children that are instances of `meta` (stored, or implicit as in
   * children()), without making the others: a container's or leaf's one
   * node, a list's entries.
   */
  group(meta: DataNodeMeta): readonly XDataNode[] {
    if (meta === this.firstMeta) return this.firstGroup as readonly XDataNode[];
    let g = this.groups?.get(meta);
    if (g === undefined) {
      g = buildGroup(this, meta);
      // most nodes of an edit's validation are asked for one group (no Map for it)
      if (this.firstMeta === undefined) {
        this.firstMeta = meta;
        this.firstGroup = g;
      } else (this.groups ??= new Map()).set(meta, g);
    }
    return g;
  }

  /** The children named `name` (the groups of the child schema nodes of that name), in document order. */
  childrenNamed(name: string): readonly XDataNode[] {
    if (this.kind !== 'root' && this.kind !== 'container' && this.kind !== 'list-entry') return NO_CHILDREN;
    if (this.spec.attachment !== undefined) return this.children();
    const metas: DataNodeMeta[] = [];
    if (this.kind === 'root') {
      for (const m of this.spec.modules) metas.push(...namedSlots(planFor(m, contentFor(this.spec, m)), name));
    } else {
      const holder = this.holder;
      if (holder !== undefined) metas.push(...namedSlots(planFor(holder, contentFor(this.spec, holder)), name));
    }
    if (metas.length === 1) return this.group(metas[0] as DataNodeMeta);
    return metas.flatMap((m) => this.group(m));
  }

  /** The node of one entry of list `meta`, stored in this node's data, without making the other entries. */
  entry(meta: ListMeta, e: DataContainer): XDataNode {
    let n = this.entries?.get(e);
    if (n === undefined) {
      n = new XDataNode(this.spec, 'list-entry', meta, this, undefined, e, undefined, false);
      (this.entries ??= new Map()).set(e, n);
    }
    return n;
  }

  /** The stored value of child `meta` when it is part of this view (a config false node is not, in a configuration). */
  stored(meta: DataNodeMeta): DataValue | undefined {
    const at = holderOf(this, meta);
    if (at === undefined || !planFor(at.holder, contentFor(this.spec, at.holder)).slotOf.has(meta)) return undefined;
    return at.container?.get(meta);
  }

  /** The entry of list `meta` whose key is `key` (list-index keyString), without making the other entries. */
  entryByKey(meta: ListMeta, key: string): XDataNode | undefined {
    const entries = this.stored(meta) as readonly DataContainer[] | undefined;
    const e = entries === undefined ? undefined : findEntry(entries, meta, key);
    return e === undefined || entryKeyString(e, meta) !== key ? undefined : this.entry(meta, e);
  }

  /** The canonical lexical form of a leaf's or leaf-list entry's value (identityref: `module:name`). */
  stringValue(): string {
    return (this.text ??= textOf(this));
  }

  /** The schema node whose data children this node's children are. */
  get holder(): HolderMeta | undefined {
    if (this.container !== undefined) return this.container.meta;
    return this.kind === 'container' && this.schema?.kind === 'container' ? this.schema : undefined;
  }

  /** Which cases of the choices below `holder` are in use here (computed once). */
  usage(holder: HolderMeta, plan: HolderPlan, container: DataContainer | undefined): CaseUsage {
    let u = this.usages?.get(holder);
    if (u === undefined) {
      u = new CaseUsage(plan, container);
      (this.usages ??= new Map()).set(holder, u);
    }
    return u;
  }

  /** @internal The entry made earlier for `e`, if any. */
  madeEntry(e: DataContainer): XDataNode | undefined {
    return this.entries?.get(e);
  }

  /** @internal Registers an entry node made with its group. */
  keepEntry(e: DataContainer, n: XDataNode): void {
    (this.entries ??= new Map()).set(e, n);
  }

  /** @internal Sets the position once the parent's children are listed. */
  place(i: number): void {
    this.index = i;
  }
}

function textOf(node: XDataNode): string {
  const s = node.schema;
  const v = node.value;
  if (v === undefined || (s?.kind !== 'leaf' && s?.kind !== 'leaf-list')) return '';
  return canonicalText(s.type, v as YangValue);
}

/** The root of the accessible tree. */
export const xDataRoot = (spec: XDataTreeSpec): XDataNode =>
  new XDataNode(spec, 'root', undefined, undefined, 0, undefined, undefined, false);

/**
 * A stand-in for every instance of `meta` below `parent`, with no value and
 * no children: the context node of a `when` on the node itself (RFC 7950 §7.21.5).
 */
export const whenDummy = (parent: XDataNode, meta: DataNodeMeta): XDataNode =>
  new XDataNode(parent.spec, 'leaf', meta, parent, undefined, undefined, undefined, true);

/** Config false holders are reached only for operation and notification content, which is always visible. */
const contentFor = (spec: XDataTreeSpec, holder: HolderMeta): Content =>
  holder.kind === 'module' || holder.config ? spec.content : 'all';

/** The plan of a holder's children as the tree of `node` sees them. */
export const holderPlan = (node: XDataNode, holder: HolderMeta): HolderPlan => planFor(holder, contentFor(node.spec, holder));

const byName = new WeakMap<HolderPlan, Map<string, readonly DataNodeMeta[]>>();

/** The child schema nodes of a plan with a given name, in schema order. */
function namedSlots(plan: HolderPlan, name: string): readonly DataNodeMeta[] {
  let m = byName.get(plan);
  if (m === undefined) {
    m = new Map();
    for (const slot of plan.slots) m.set(slot.meta.name, [...(m.get(slot.meta.name) ?? []), slot.meta]);
    byName.set(plan, m);
  }
  return m.get(name) ?? NO_METAS;
}

const NO_METAS: readonly DataNodeMeta[] = [];

/** The holder whose children `meta` is one of, below `node`, with its stored data; undefined when there is none. */
function holderOf(node: XDataNode, meta: DataNodeMeta): { holder: HolderMeta; container: DataContainer | undefined } | undefined {
  if (node.kind === 'root') {
    const m = meta.module;
    if (meta.parent !== undefined && dataHolderOf(meta) !== m) return undefined;
    if (!node.spec.modules.includes(m)) return undefined;
    return { holder: m, container: node.spec.roots.get(m.name) };
  }
  if (node.kind !== 'container' && node.kind !== 'list-entry') return undefined;
  const holder = node.holder;
  return holder === undefined ? undefined : { holder, container: node.container };
}

/** The data node or module a data node's instances are children of (through choice and case). */
const dataHolderOf = (meta: DataNodeMeta): unknown => {
  let p = meta.parent as { kind: string; parent?: unknown } | undefined;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case')) p = p.parent as typeof p;
  return p ?? meta.module;
};

function buildGroup(node: XDataNode, meta: DataNodeMeta): readonly XDataNode[] {
  const at = holderOf(node, meta);
  if (at === undefined) return NO_CHILDREN;
  const plan = planFor(at.holder, contentFor(node.spec, at.holder));
  const slot = plan.slotOf.get(meta);
  if (slot === undefined) return NO_CHILDREN;
  const out: XDataNode[] = [];
  addSlot(out, node, plan, slot, at.holder, at.container);
  return out.length === 0 ? NO_CHILDREN : out;
}

function buildChildren(node: XDataNode): readonly XDataNode[] {
  if (node.kind !== 'root' && node.kind !== 'container' && node.kind !== 'list-entry') return NO_CHILDREN;
  const spec = node.spec;
  const out: XDataNode[] = [];
  const addHolder = (holder: HolderMeta): void => {
    const plan = planFor(holder, contentFor(spec, holder));
    for (const slot of plan.slots) for (const n of node.group(slot.meta)) out.push(n);
  };
  if (node.kind === 'root') {
    for (const m of spec.modules) addHolder(m);
  } else {
    const holder = node.holder;
    if (holder !== undefined) addHolder(holder);
  }
  const a = spec.attachment;
  if (a !== undefined && (a.at === 'root' ? node.kind === 'root' : a.at === node.container && node.container !== undefined)) {
    out.push(new XDataNode(spec, 'container', a.meta, node, out.length, a.content, undefined, false));
  }
  for (let i = 0; i < out.length; i++) (out[i] as XDataNode).place(i);
  return out.length === 0 ? NO_CHILDREN : out;
}

function addSlot(out: XDataNode[], parent: XDataNode, plan: HolderPlan, slot: ChildSlot, holder: HolderMeta, container: DataContainer | undefined): void {
  const v = container?.get(slot.meta);
  if (holdsData(slot.meta, v)) {
    addStored(out, parent, slot.meta, v as DataValue);
  } else if (slot.implicit) {
    if (slot.cases.length > 0 && !parent.usage(holder, plan, container).inUse(slot.cases)) return;
    addImplicit(out, parent, slot.meta);
  }
}

function addStored(out: XDataNode[], parent: XDataNode, meta: DataNodeMeta, v: DataValue): void {
  const spec = parent.spec;
  switch (meta.kind) {
    case 'container':
      out.push(new XDataNode(spec, 'container', meta, parent, undefined, v as DataContainer, undefined, false));
      return;
    case 'list':
      allEntries(v as readonly DataContainer[]);
      for (const entry of v as readonly DataContainer[]) {
        let n = parent.madeEntry(entry);
        if (n === undefined) {
          n = new XDataNode(spec, 'list-entry', meta, parent, undefined, entry, undefined, false);
          parent.keepEntry(entry, n);
        }
        out.push(n);
      }
      return;
    case 'leaf':
      out.push(new XDataNode(spec, 'leaf', meta, parent, undefined, undefined, v as YangValue, false));
      return;
    case 'leaf-list':
      for (const item of v as readonly YangValue[]) {
        out.push(new XDataNode(spec, 'leaf-list-entry', meta, parent, undefined, undefined, item, false));
      }
      return;
    default:
      out.push(new XDataNode(spec, 'anydata', meta, parent, undefined, undefined, v as AnyValue, false));
  }
}

function addImplicit(out: XDataNode[], parent: XDataNode, meta: DataNodeMeta): void {
  const spec = parent.spec;
  if (meta.kind === 'container') {
    out.push(new XDataNode(spec, 'container', meta as ContainerMeta, parent, undefined, undefined, undefined, true));
    return;
  }
  if (meta.kind !== 'leaf' && meta.kind !== 'leaf-list') return;
  const kind = meta.kind === 'leaf' ? 'leaf' : 'leaf-list-entry';
  for (const d of defaultValues(meta, spec.schema)) {
    out.push(new XDataNode(spec, kind, meta, parent, undefined, undefined, d, true));
  }
}
