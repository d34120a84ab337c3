/**
 * `/restconf/data/ietf-yang-library:...` when no served module is
 * ietf-yang-library: the `yangLibrary` hook answers (RFC 8525 served built
 * in), or 404 until one is given.
 */
import { restconfError } from '../../errors/index.ts';
import type { CoreResponse } from '../exchange.ts';
import { fail, type Call } from './call.ts';
import type { Maybe } from '../../base/maybe.ts';

export const yangLibraryRoute = (call: Call, path: string): Maybe<CoreResponse> => {
  const hook = call.settings.yangLibrary;
  if (hook === undefined) return fail(call, [restconfError('invalid-value', 'the YANG library is not served here', { type: 'protocol', status: 404 })]);
  return hook({ request: call.request, context: call.context, strict: call.strict, mediaType: call.mediaType, params: call.params, path });
};
