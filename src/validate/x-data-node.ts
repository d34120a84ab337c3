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
 * node identity.
 */
import type { AnyValue, DataContainer, DataValue, HolderMeta } from '../data/data-container.ts';
import type {
  ContainerMeta, DataNodeMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaContext,
} from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import type { XNode, XNodeKind } from '../xpath/index.ts';
import { canonicalText } from './canonical-text.ts';
import { CaseUsage, holdsData } from './case-usage.ts';
import { defaultValues } from './default-values.ts';
import { planFor, type Content, type HolderPlan } from './holder-plan.ts';

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
  private text: string | undefined;

  constructor(
    readonly spec: XDataTreeSpec,
    readonly kind: XNodeKind,
    /** undefined for the root only. */
    readonly schema: XDataSchema | undefined,
    readonly parent: XDataNode | undefined,
    readonly siblingIndex: number | undefined,
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

  children(): readonly XDataNode[] {
    return (this.kids ??= buildChildren(this));
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

function buildChildren(node: XDataNode): readonly XDataNode[] {
  if (node.kind !== 'root' && node.kind !== 'container' && node.kind !== 'list-entry') return NO_CHILDREN;
  const spec = node.spec;
  const out: XDataNode[] = [];
  if (node.kind === 'root') {
    for (const m of spec.modules) addHolderChildren(out, node, m, spec.roots.get(m.name));
  } else {
    const holder = node.holder;
    if (holder !== undefined) addHolderChildren(out, node, holder, node.container);
  }
  const a = spec.attachment;
  if (a !== undefined && (a.at === 'root' ? node.kind === 'root' : a.at === node.container && node.container !== undefined)) {
    out.push(new XDataNode(spec, 'container', a.meta, node, out.length, a.content, undefined, false));
  }
  return out.length === 0 ? NO_CHILDREN : out;
}

function addHolderChildren(out: XDataNode[], parent: XDataNode, holder: HolderMeta, container: DataContainer | undefined): void {
  const spec = parent.spec;
  const plan = planFor(holder, contentFor(spec, holder));
  let usage: CaseUsage | undefined;
  for (const slot of plan.slots) {
    const v = container?.get(slot.meta);
    if (holdsData(slot.meta, v)) {
      addStored(out, parent, slot.meta, v as DataValue);
    } else if (slot.implicit) {
      if (slot.cases.length > 0 && !(usage ??= new CaseUsage(plan, container)).inUse(slot.cases)) continue;
      addImplicit(out, parent, slot.meta);
    }
  }
}

function addStored(out: XDataNode[], parent: XDataNode, meta: DataNodeMeta, v: DataValue): void {
  const spec = parent.spec;
  switch (meta.kind) {
    case 'container':
      out.push(new XDataNode(spec, 'container', meta, parent, out.length, v as DataContainer, undefined, false));
      return;
    case 'list':
      for (const entry of v as readonly DataContainer[]) {
        out.push(new XDataNode(spec, 'list-entry', meta, parent, out.length, entry, undefined, false));
      }
      return;
    case 'leaf':
      out.push(new XDataNode(spec, 'leaf', meta, parent, out.length, undefined, v as YangValue, false));
      return;
    case 'leaf-list':
      for (const item of v as readonly YangValue[]) {
        out.push(new XDataNode(spec, 'leaf-list-entry', meta, parent, out.length, undefined, item, false));
      }
      return;
    default:
      out.push(new XDataNode(spec, 'anydata', meta, parent, out.length, undefined, v as AnyValue, false));
  }
}

function addImplicit(out: XDataNode[], parent: XDataNode, meta: DataNodeMeta): void {
  const spec = parent.spec;
  if (meta.kind === 'container') {
    out.push(new XDataNode(spec, 'container', meta as ContainerMeta, parent, out.length, undefined, undefined, true));
    return;
  }
  if (meta.kind !== 'leaf' && meta.kind !== 'leaf-list') return;
  const kind = meta.kind === 'leaf' ? 'leaf' : 'leaf-list-entry';
  for (const d of defaultValues(meta, spec.schema)) {
    out.push(new XDataNode(spec, kind, meta, parent, out.length, undefined, d, true));
  }
}
