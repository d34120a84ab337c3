/**
 * What the validator needs to know about the data children of a holder
 * (module, container, list, input/output, notification), computed once per
 * schema node and content: the children in schema order with the cases that
 * lead to them, which of them exist in the accessible tree without data
 * (RFC 7950 §6.4.1: defaults in use and non-presence containers), and which
 * carry cardinality constraints.
 */
import type { HolderMeta } from '../data/data-container.ts';
import type { CaseMeta, ChoiceMeta, DataDef, DataNodeMeta } from '../meta/meta.ts';

/** `config`: the configuration datastore (config false nodes do not exist); `all`: everything. */
export type Content = 'config' | 'all';

export interface ChildSlot {
  readonly meta: DataNodeMeta;
  /** Cases between the holder and the node, outermost first. */
  readonly cases: readonly CaseMeta[];
  /**
   * The node exists in the accessible tree even without data, when its
   * cases are in use: a non-presence container (not a recursive one, so the
   * tree stays finite), a non-key leaf with a default, a leaf-list with defaults.
   */
  readonly implicit: boolean;
  /** mandatory leaf or anydata, min-elements, max-elements or unique. */
  readonly constrained: boolean;
}

export interface ChoiceSlot {
  readonly meta: ChoiceMeta;
  /** Cases between the holder and the choice, outermost first. */
  readonly cases: readonly CaseMeta[];
}

export interface HolderPlan {
  /** Data children in schema order. */
  readonly slots: readonly ChildSlot[];
  readonly slotOf: ReadonlyMap<DataNodeMeta, ChildSlot>;
  /** Children with cardinality constraints (a subset of slots). */
  readonly constrained: readonly ChildSlot[];
  /** Every choice below the holder (nested ones included), outer first. */
  readonly choices: readonly ChoiceSlot[];
  readonly hasCases: boolean;
}

const isImplicit = (m: DataNodeMeta): boolean => {
  switch (m.kind) {
    case 'container': return m.presence === undefined && !m.recursive;
    case 'leaf': return m.default !== undefined && !m.isKey;
    case 'leaf-list': return m.defaults.length > 0;
    default: return false;
  }
};

const isConstrained = (m: DataNodeMeta): boolean => {
  switch (m.kind) {
    case 'leaf': case 'anydata': case 'anyxml': return m.mandatory;
    case 'leaf-list': return m.minElements > 0 || m.maxElements !== undefined;
    case 'list': return m.minElements > 0 || m.maxElements !== undefined || m.unique.length > 0;
    default: return false;
  }
};

function buildPlan(holder: HolderMeta, content: Content): HolderPlan {
  const slots: ChildSlot[] = [];
  const choices: ChoiceSlot[] = [];
  const visible = (d: { readonly config: boolean }): boolean => content === 'all' || d.config;
  const walk = (defs: readonly DataDef[], cases: readonly CaseMeta[]): void => {
    for (const d of defs) {
      if (!visible(d)) continue;
      if (d.kind === 'choice') {
        choices.push({ meta: d, cases });
        for (const c of d.cases) if (visible(c)) walk(c.children, [...cases, c]);
      } else {
        slots.push({ meta: d, cases, implicit: isImplicit(d), constrained: isConstrained(d) });
      }
    }
  };
  walk(holder.children, []);
  return {
    slots,
    slotOf: new Map(slots.map((s) => [s.meta, s])),
    constrained: slots.filter((s) => s.constrained),
    choices,
    hasCases: choices.length > 0,
  };
}

const plans: Record<Content, WeakMap<HolderMeta, HolderPlan>> = { config: new WeakMap(), all: new WeakMap() };

/** The plan of a holder, built on first use (recursive groupings are only expanded when data reaches them). */
export function planFor(holder: HolderMeta, content: Content): HolderPlan {
  const cache = plans[content];
  let plan = cache.get(holder);
  if (plan === undefined) cache.set(holder, (plan = buildPlan(holder, content)));
  return plan;
}
