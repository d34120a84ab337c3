/** The read query parameters of a GET → the node runtime's ReadOptions, or the first parameter in error. */
import { defaultReadOptions, type ReadOptions } from '../../../actors/index.ts';
import type { RestconfError } from '../../../errors/index.ts';
import { content } from './content.ts';
import { depth } from './depth.ts';
import { fields } from './fields.ts';
import { maxNodeCount } from './max-node-count.ts';
import type { QueryParams } from './parse-query.ts';
import { queryError } from './query-error.ts';
import type { QueryParameter, QueryScope } from './query-parameter.ts';
import { range } from './range.ts';
import { withDefaults } from './with-defaults.ts';
import { xfields } from './xfields.ts';

export type ReadOptionsResult = { readonly ok: true; readonly options: ReadOptions } | { readonly ok: false; readonly error: RestconfError };

const cache = { strict: new Map<number, ReadOptions>(), simplified: new Map<number, ReadOptions>() };

/** The options of a read with no read parameters (shared; the fast path). */
const plainOptions = (strict: boolean, maxNodes: number): ReadOptions => {
  const byMax = strict ? cache.strict : cache.simplified;
  let o = byMax.get(maxNodes);
  if (o === undefined) {
    o = { ...defaultReadOptions, strict, maxNodes };
    byMax.set(maxNodes, o);
  }
  return o;
};

export const readOptions = (params: QueryParams, scope: QueryScope, strict: boolean, maxNodes: number): ReadOptionsResult => {
  const base = plainOptions(strict, maxNodes);
  if (params.size === 0) return { ok: true, options: base };
  const o: { -readonly [K in keyof ReadOptions]: ReadOptions[K] } = { ...base };
  let error: RestconfError | undefined;
  const take = <T>(p: QueryParameter<T>, set: (value: T) => void): void => {
    if (error !== undefined || !params.has(p.name)) return;
    const r = p.parse(params.get(p.name), scope);
    if (r.ok) set(r.value);
    else error = queryError(p.name, r.message);
  };
  take(depth, (v) => { o.depth = v; });
  take(content, (v) => { o.content = v; });
  take(withDefaults, (v) => { o.withDefaults = v; });
  take(fields, (v) => { o.fields = v; });
  take(xfields, (v) => { o.xfields = v; });
  take(range, (v) => { o.range = v; });
  take(maxNodeCount, (v) => { o.maxNodes = v; });
  return error === undefined ? { ok: true, options: o } : { ok: false, error };
};
