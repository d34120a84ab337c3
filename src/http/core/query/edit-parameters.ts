/** The parameters of a POST or PUT of data (insert, point): the first one in error, if any. */
import type { RestconfError } from '../../../errors/index.ts';
import { insert, point } from './insert-point.ts';
import type { QueryParams } from './parse-query.ts';
import { queryError } from './query-error.ts';
import type { QueryScope } from './query-parameter.ts';

export const checkEditParameters = (params: QueryParams, scope: QueryScope): RestconfError | undefined => {
  for (const p of [insert, point]) {
    if (!params.has(p.name)) continue;
    const r = p.parse(params.get(p.name), scope);
    if (!r.ok) return queryError(p.name, r.message);
  }
  return undefined;
};
