/**
 * `when` conditions of a child of one holder instance (RFC 7950 §7.21.5):
 * those of the choices and cases on the way to it and those of a uses or
 * augment that introduced it are evaluated with the data parent as context
 * node; those on the node itself with a dummy that stands for all its
 * instances. The outcome is the same for every instance of the child, so it
 * is computed once per holder instance and child.
 */
import type { CaseMeta, ChoiceMeta, DataNodeMeta, WhenMeta } from '../meta/meta.ts';
import type { ValidationRun } from './validation-run.ts';
import { whenDummy, type XDataNode } from './x-data-node.ts';

/** A false condition, or one that could not be evaluated (`error`). */
export interface WhenFailure {
  readonly when: WhenMeta;
  readonly error: string | undefined;
}

export class WhenConditions {
  /** Outcomes for choices and cases, shared by the children below them. */
  private outer: Map<ChoiceMeta | CaseMeta, WhenFailure | null> | undefined;

  constructor(private readonly run: ValidationRun, private readonly parent: XDataNode) {}

  /** The first failing condition on the way to `meta` (a data node or a choice below the holder), if any. */
  failure(meta: DataNodeMeta | ChoiceMeta, cases: readonly CaseMeta[]): WhenFailure | undefined {
    for (const c of cases) {
      const choice = c.parent as ChoiceMeta;
      const f = this.outerFailure(choice) ?? this.outerFailure(c);
      if (f !== undefined) return f;
    }
    if (meta.kind === 'choice') return this.outerFailure(meta);
    let dummy: XDataNode | undefined;
    for (const w of meta.when) {
      const node = w.context === 'parent' ? this.parent : (dummy ??= whenDummy(this.parent, meta));
      const f = this.evaluate(w, node);
      if (f !== undefined) return f;
    }
    return undefined;
  }

  private outerFailure(owner: ChoiceMeta | CaseMeta): WhenFailure | undefined {
    if (owner.when.length === 0) return undefined;
    const outer = (this.outer ??= new Map());
    let f = outer.get(owner);
    if (f === undefined) {
      f = null;
      for (const w of owner.when) {
        const x = this.evaluate(w, this.parent);
        if (x !== undefined) { f = x; break; }
      }
      outer.set(owner, f);
    }
    return f ?? undefined;
  }

  private evaluate(w: WhenMeta, node: XDataNode): WhenFailure | undefined {
    const r = this.run.test(w, node);
    if (!r.ok) return { when: w, error: r.message };
    return r.value ? undefined : { when: w, error: undefined };
  }
}
