/** Every query parameter the server knows, and the check that a request carries only those valid for it. */
import type { RestconfError } from '../../../errors/index.ts';
import { content } from './content.ts';
import { depth } from './depth.ts';
import { fields } from './fields.ts';
import { insert, point } from './insert-point.ts';
import { maxNodeCount } from './max-node-count.ts';
import type { QueryParams } from './parse-query.ts';
import { queryError } from './query-error.ts';
import type { ParameterUse, QueryParameter } from './query-parameter.ts';
import { range } from './range.ts';
import { simplified } from './simplified.ts';
import { filter, startTime, stopTime } from './stream-parameters.ts';
import { withDefaults } from './with-defaults.ts';
import { xfields } from './xfields.ts';

export const PARAMETERS: ReadonlyMap<string, QueryParameter<unknown>> = new Map(
  [content, depth, fields, withDefaults, xfields, range, maxNodeCount, simplified, insert, point, filter, startTime, stopTime]
    .map((p) => [p.name, p as QueryParameter<unknown>]),
);

/**
 * The first parameter that is unknown or not valid for this request
 * (`uses`: what the method and target admit besides `any`).
 */
export const checkParameters = (params: QueryParams, uses: ReadonlySet<ParameterUse>, method: string): RestconfError | undefined => {
  for (const name of params.keys()) {
    const p = PARAMETERS.get(name);
    if (p === undefined) return queryError(name, 'is not a query parameter of this server');
    if (p.use !== 'any' && !uses.has(p.use)) return queryError(name, `is not valid for ${method} on this resource`);
  }
  return undefined;
};
