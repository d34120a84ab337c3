/**
 * How each member among a holder's children is written by the fast path
 * (write-data.ts): its name as JSON text, with the comma before it or not
 * and, for a container or list, the bracket after it; the writer of a
 * field's values; and what the walk asks of its schema node (kind, key,
 * defaults), read once. Made once per children array, mode and place
 * (inside an object of the holder's module, or at the top of a document),
 * so writing a member is putting its name's text and its value, and the walk reads one
 * shape of object per member (schema nodes come in many shapes: reading
 * their properties in the walk's loop made every such read megamorphic).
 */
import type { HolderMeta } from '../../data/data-container.ts';
import type { DataDef, ModuleMeta } from '../../meta/meta.ts';
import { textBytes, type TextBytes } from '../nodes/json-bytes.ts';
import { nameText } from '../nodes/json-name-text.ts';
import { valueWriter, type ValueWriter } from '../nodes/json-value-bytes.ts';

/** What a member is, as the walk branches on it: a leaf or anydata, a leaf-list, a container, a list, a choice. */
export const FIELD = 0;
export const LEAF_LIST = 1;
export const CONTAINER = 2;
export const LIST = 3;
export const CHOICE = 4;
export type MemberKind = typeof FIELD | typeof LEAF_LIST | typeof CONTAINER | typeof LIST | typeof CHOICE;

export interface MemberPlan {
  readonly def: DataDef;
  readonly kind: MemberKind;
  /** A key of the holder's entries: written whatever depth and fields select. */
  readonly key: boolean;
  /** A leaf with a default, or a leaf-list with defaults: with-defaults decides what is written. */
  readonly defaults: boolean;
  /** `"name":` (and `{` or `[` for a container or list) as the object's first member, in UTF-8 (none for a choice). */
  readonly first: TextBytes;
  /** The same after a comma. */
  readonly next: TextBytes;
  /** A field's value writer (undefined for containers, lists and choices). */
  readonly write: ValueWriter | undefined;
  /** `,"@name":`, where its with-defaults annotation goes (RFC 7952 §5.2.1: the member's name as written, "@" before it), for a member with defaults ('' otherwise). */
  readonly tag: string;
}

const NO_TEXT = textBytes('');

/** Slots: plain inside, strict inside, plain on top, strict on top. */
const cache = [0, 1, 2, 3].map(() => new WeakMap<readonly DataDef[], readonly MemberPlan[]>());

const kindOf = (def: DataDef): MemberKind => {
  switch (def.kind) {
    case 'choice': return CHOICE;
    case 'container': return CONTAINER;
    case 'list': return LIST;
    case 'leaf-list': return LEAF_LIST;
    default: return FIELD;
  }
};

const planOf = (def: DataDef, holder: HolderMeta, module: ModuleMeta | undefined, strict: boolean): MemberPlan => {
  if (def.kind === 'choice') return { def, kind: CHOICE, key: false, defaults: false, first: NO_TEXT, next: NO_TEXT, write: undefined, tag: '' };
  const kind = kindOf(def);
  const text = nameText(def, module, strict, holder);
  const name = `${text}:${kind === CONTAINER ? '{' : kind === LIST ? '[' : ''}`;
  const defaults = (def.kind === 'leaf' && def.default !== undefined) || (def.kind === 'leaf-list' && def.defaults.length > 0);
  return {
    def,
    kind,
    key: def.kind === 'leaf' && def.isKey && def.parent === holder,
    defaults,
    first: textBytes(name),
    next: textBytes(`,${name}`),
    write: def.kind === 'container' || def.kind === 'list' ? undefined : valueWriter(def, strict),
    tag: defaults ? `,"@${text.slice(1)}:` : '',
  };
};

/**
 * The plans of `defs` (a holder's children, or a case's) written inside an
 * object of `module` — the holder's module, or undefined at the top of a
 * document.
 */
export const memberPlans = (defs: readonly DataDef[], holder: HolderMeta, module: ModuleMeta | undefined, strict: boolean): readonly MemberPlan[] => {
  const slot = cache[(module === undefined ? 2 : 0) + (strict ? 1 : 0)] as WeakMap<readonly DataDef[], readonly MemberPlan[]>;
  let plans = slot.get(defs);
  if (plans === undefined) {
    plans = defs.map((d) => planOf(d, holder, module, strict));
    slot.set(defs, plans);
  }
  return plans;
};
