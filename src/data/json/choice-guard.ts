/**
 * At most one case of each choice in one JSON object (RFC 7950 §7.9): the
 * first member decides the case of every choice it is in (nested choices
 * included); a member of another case of one of them is refused.
 */
import type { CaseMeta, ChoiceMeta, DataNodeMeta } from '../../meta/meta.ts';

interface Taken {
  readonly chosen: CaseMeta;
  readonly member: string;
}

/** The (choice, case) pairs a node sits in, innermost first, up to its data parent. */
const casesOf = (node: DataNodeMeta): { choice: ChoiceMeta; case: CaseMeta }[] => {
  const out: { choice: ChoiceMeta; case: CaseMeta }[] = [];
  let p = node.parent;
  while (p !== undefined && (p.kind === 'case' || p.kind === 'choice')) {
    if (p.kind === 'case' && p.parent?.kind === 'choice') out.push({ choice: p.parent, case: p });
    p = p.parent;
  }
  return out;
};

export class ChoiceGuard {
  readonly #taken = new Map<ChoiceMeta, Taken>();

  /** Admits a member; undefined when allowed, else why not. Only admitted members decide a case. */
  admit(node: DataNodeMeta, member: string): string | undefined {
    const pairs = casesOf(node);
    for (const { choice, case: c } of pairs) {
      const taken = this.#taken.get(choice);
      if (taken !== undefined && taken.chosen !== c) {
        return `member "${member}" (case "${c.name}") and member "${taken.member}" (case "${taken.chosen.name}") ` +
          `are in different cases of choice "${choice.name}"; only one case may be given`;
      }
    }
    for (const { choice, case: c } of pairs) if (!this.#taken.has(choice)) this.#taken.set(choice, { chosen: c, member });
    return undefined;
  }
}
