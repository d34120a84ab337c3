/**
 * Lists that grammar postprocessors grow at the end. An Earley parser runs a
 * left-recursive rule's postprocessor at every token and keeps each result
 * alive, so copying arrays there costs quadratic time and memory on long
 * inputs (a 10,000-step path took seconds). A SnocList shares its prefix:
 * extending it is O(1). runGrammar turns every SnocList in a finished parse
 * into an array (materialize), once.
 */

export class SnocList<T> {
  private static readonly none = new SnocList<never>(undefined, undefined as never, 0);

  private constructor(
    private readonly init: SnocList<T> | undefined,
    private readonly last: T,
    readonly length: number,
  ) {}

  static empty<T>(): SnocList<T> {
    return SnocList.none;
  }

  static of<T>(x: T): SnocList<T> {
    return new SnocList<T>(undefined, x, 1);
  }

  snoc(x: T): SnocList<T> {
    return new SnocList(this, x, this.length + 1);
  }

  toArray(): T[] {
    const out = new Array<T>(this.length);
    let node: SnocList<T> | undefined = this;
    for (let i = this.length - 1; i >= 0 && node !== undefined; i--, node = node.init) out[i] = node.last;
    return out;
  }
}

/** The shape of `T` while it is being parsed: its arrays are SnocLists. */
export type Building<T> = T extends string | number | boolean | undefined | null
  ? T
  : T extends readonly (infer E)[]
    ? SnocList<Building<E>>
    : { readonly [K in keyof T]: Building<T[K]> };

/** Iterative, so that deeply nested results (5,000 chained `or`s) do not overflow the stack. */
const materializeAny = (root: unknown): unknown => {
  const holder: Record<string, unknown> = { root };
  const pending: Record<string, unknown>[] = [holder];
  for (let o = pending.pop(); o !== undefined; o = pending.pop()) {
    for (const key of Object.keys(o)) {
      let v = o[key];
      if (v instanceof SnocList) {
        v = v.toArray();
        o[key] = v;
      }
      if (typeof v === 'object' && v !== null) pending.push(v as Record<string, unknown>);
    }
  }
  return holder['root'];
};

/** Replaces, in place, every SnocList reachable from `v` by an array; returns `v` (or its array). */
export const materialize = <T>(v: Building<T>): T => materializeAny(v) as T;
