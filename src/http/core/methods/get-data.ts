/**
 * GET (and HEAD) of the datastore or a data resource (RFC 8040 §4.3): the
 * target as a member named after it; the datastore as
 * `{"ietf-restconf:data": {...}}` (`data` simplified); a module root as its
 * top-level members. Whole when the read finished at once (the fast path:
 * no closure, no promise), else streamed — once it is known to fit
 * rx.max-node-count: an answer over it is 400 too-big before any status
 * line (fresh roots for the read's counting pass). The read owns the root
 * nodes and releases them when it ends, however it ends.
 */
import { readChunks, type ReadChunks } from '../../../actors/index.ts';
import type { CoreResponse } from '../../exchange.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { fail, typeOnly, type Call } from '../call.ts';
import { isPromise, type Maybe } from '../../../base/maybe.ts';
import { readOptions } from '../query/index.ts';
import { bodyOf } from '../response/index.ts';
import { rootsOf } from './roots-of.ts';

const answer = (call: Call, target: ResolvedTarget, body: ReadChunks): CoreResponse => {
  const headers = typeOnly(call.mediaType);
  if (target.kind !== 'datastore') return { status: 200, headers, body: body.kind === 'whole' ? body.body : bodyOf(body, '', '') };
  return { status: 200, headers, body: bodyOf(body, `{"${call.strict ? 'ietf-restconf:data' : 'data'}":`, '}') };
};

export const getData = (call: Call, target: ResolvedTarget): Maybe<CoreResponse> => {
  const o = readOptions(call.params, { target: target.meta, schema: call.settings.device.schema }, call.strict, call.settings.maxNodeCount);
  if (!o.ok) return fail(call, [o.error]);
  const body = readChunks(rootsOf(call, target), target.steps, o.options, call.settings.flushAt, () => rootsOf(call, target), () => call.context.signal?.aborted === true);
  return isPromise(body) ? body.then((b) => answer(call, target, b)) : answer(call, target, body);
};
