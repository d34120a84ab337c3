/** A resource with a fixed answer (API root, operations, yang-library-version): GET, HEAD, OPTIONS; no query parameters but simplified. */
import type { CoreResponse } from '../exchange.ts';
import { fail, noContent, type Call } from './call.ts';
import { checkParameters } from './query/index.ts';
import { allowHeader, methodNotAllowed, READ_ONLY } from './response/index.ts';

export const fixedResource = (call: Call, what: string, answer: (call: Call) => CoreResponse): CoreResponse => {
  const method = call.request.method;
  if (!READ_ONLY.includes(method as never)) return fail(call, [methodNotAllowed(method, what, READ_ONLY)], allowHeader(READ_ONLY));
  if (method === 'OPTIONS') return noContent(allowHeader(READ_ONLY));
  const bad = checkParameters(call.params, new Set(), method);
  return bad === undefined ? answer(call) : fail(call, [bad]);
};
