/**
 * Event streams: GET of a notification path and everything under
 * `{+restconf}/streams`, handed to the `streams` hook (501
 * operation-not-supported until one is given). HEAD and OPTIONS too; other
 * methods 405.
 */
import type { Browser, TargetStep } from '../../actors/index.ts';
import { restconfError } from '../../errors/index.ts';
import type { CoreResponse } from '../exchange.ts';
import { fail, noContent, type Call } from './call.ts';
import type { Maybe } from '../../base/maybe.ts';
import { checkParameters, type ParameterUse } from './query/index.ts';
import { allowHeader, methodNotAllowed, READ_ONLY } from './response/index.ts';

const STREAM: ReadonlySet<ParameterUse> = new Set(['stream']);

export const streamsRoute = (
  call: Call, path: string, notification: { readonly browser: Browser; readonly steps: readonly TargetStep[] } | undefined,
): Maybe<CoreResponse> => {
  const method = call.request.method;
  if (!READ_ONLY.includes(method as never)) return fail(call, [methodNotAllowed(method, 'an event stream', READ_ONLY)], allowHeader(READ_ONLY));
  if (method === 'OPTIONS') return noContent(allowHeader(READ_ONLY));
  const bad = checkParameters(call.params, STREAM, method);
  if (bad !== undefined) return fail(call, [bad]);
  const hook = call.settings.streams;
  if (hook === undefined) return fail(call, [restconfError('operation-not-supported', 'event streams are not served here', { type: 'protocol' })]);
  return hook({ request: call.request, context: call.context, strict: call.strict, mediaType: call.mediaType, params: call.params, path, notification });
};
