/**
 * How each member among a holder's children is written by the fast path
 * (write-data.ts): its name as JSON text, with the comma before it or not
 * and, for a container or list, the bracket after it; and the encoder of a
 * field's values. Made once per children array, mode and place (inside an
 * object of the holder's module, or at the top of a document), so writing a
 * member is concatenating strings.
 */
import type { HolderMeta } from '../../data/data-container.ts';
import type { DataDef, ModuleMeta } from '../../meta/meta.ts';
import type { FieldValue } from '../field-value.ts';
import { nameText } from '../nodes/json-name-text.ts';
import { valueEncoder } from '../nodes/json-value-text.ts';

export interface MemberPlan {
  /** `"name":` (and `{` or `[` for a container or list) as the object's first member. */
  readonly first: string;
  /** The same after a comma. */
  readonly next: string;
  /** A field's value encoder (undefined for containers and lists). */
  readonly value: ((v: FieldValue) => string) | undefined;
}

/** Slots: plain inside, strict inside, plain on top, strict on top. */
const cache = [0, 1, 2, 3].map(() => new WeakMap<readonly DataDef[], readonly (MemberPlan | undefined)[]>());

const planOf = (def: DataDef, holder: HolderMeta, module: ModuleMeta | undefined, strict: boolean): MemberPlan | undefined => {
  if (def.kind === 'choice') return undefined;
  const name = `${nameText(def, module, strict, holder)}:${def.kind === 'container' ? '{' : def.kind === 'list' ? '[' : ''}`;
  return { first: name, next: `,${name}`, value: def.kind === 'container' || def.kind === 'list' ? undefined : valueEncoder(def, strict) };
};

/**
 * The plans of `defs` (a holder's children, or a case's) written inside an
 * object of `module` — the holder's module, or undefined at the top of a
 * document; choices have none.
 */
export const memberPlans = (defs: readonly DataDef[], holder: HolderMeta, module: ModuleMeta | undefined, strict: boolean): readonly (MemberPlan | undefined)[] => {
  const slot = cache[(module === undefined ? 2 : 0) + (strict ? 1 : 0)] as WeakMap<readonly DataDef[], readonly (MemberPlan | undefined)[]>;
  let plans = slot.get(defs);
  if (plans === undefined) {
    plans = defs.map((d) => planOf(d, holder, module, strict));
    slot.set(defs, plans);
  }
  return plans;
};
