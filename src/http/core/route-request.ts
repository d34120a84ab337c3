/**
 * RFC 8040 §3 resources by path:
 *
 * | path | resource |
 * |---|---|
 * | /restconf | API root |
 * | /restconf/data[/<api-path>] | datastore, module root (`<module>:`), data, action, notification |
 * | /restconf/operations[/<module>:<rpc>] | the operations, one rpc |
 * | /restconf/yang-library-version | the YANG library revision |
 * | /restconf/streams[/...] | event streams (the `streams` hook; `<module>:<notification path>` names a notification) |
 * | anything else | 404 |
 */
import type { Browser } from '../../actors/index.ts';
import { restconfError } from '../../errors/index.ts';
import type { CoreResponse } from '../exchange.ts';
import { pathError, type Resolution } from './api-path/index.ts';
import { fail, type Call } from './call.ts';
import { dispatchTarget } from './dispatch-target.ts';
import { fixedResource } from './fixed-resource.ts';
import { notAcceptable } from './media-type.ts';
import type { Maybe } from '../../base/maybe.ts';
import { apiRoot, operationsList, resolveOperationPath, yangLibraryVersion } from './resources/index.ts';
import { streamsRoute } from './streams-route.ts';
import { yangLibraryRoute } from './yang-library-route.ts';

const DATA = '/restconf/data';
const OPERATIONS = '/restconf/operations';
const STREAMS = '/restconf/streams';

const DATA_SLASH = `${DATA}/`;
const OPERATIONS_SLASH = `${OPERATIONS}/`;
const STREAMS_SLASH = `${STREAMS}/`;

const under = (path: string, base: string, slash: string): boolean => path === base || path.startsWith(slash);

const onTarget = (call: Call, r: Resolution, raw: string): Maybe<CoreResponse> => {
  if (!r.ok) return fail(call, [r.error]);
  const t = r.target;
  if (t.kind === 'notification' && t.browser !== undefined) return streamsRoute(call, raw, { browser: t.browser, steps: t.steps });
  if (call.eventStreamOnly === true) return fail(call, [notAcceptable(call.request)]);
  if (call.strict && t.meta?.kind === 'rpc') {
    return fail(call, [pathError('invalid-value', `in the strict mode an rpc is invoked at ${OPERATIONS}/${t.meta.module.name}:${t.meta.name}`)]);
  }
  return dispatchTarget(call, t);
};

export const routeRequest = (call: Call): Maybe<CoreResponse> => {
  const path = call.request.path;
  const device = call.settings.device;
  if (call.eventStreamOnly === true && !under(path, DATA, DATA_SLASH) && !under(path, STREAMS, STREAMS_SLASH)) return fail(call, [notAcceptable(call.request)]);
  if (path === '/restconf' || path === '/restconf/') return fixedResource(call, 'the API root', apiRoot);
  if (under(path, DATA, DATA_SLASH)) {
    const raw = path.slice(DATA.length);
    if (raw.startsWith('/ietf-yang-library:') && device.browser('ietf-yang-library') === undefined) return yangLibraryRoute(call, raw);
    return onTarget(call, call.settings.paths.resolve(raw, call.strict), raw);
  }
  if (path === OPERATIONS || path === OPERATIONS_SLASH) return fixedResource(call, 'the operations resource', operationsList);
  if (under(path, OPERATIONS, OPERATIONS_SLASH)) {
    const r = resolveOperationPath(path.slice(OPERATIONS.length), device);
    return r.ok ? dispatchTarget(call, r.target) : fail(call, [r.error]);
  }
  if (path === '/restconf/yang-library-version') return fixedResource(call, 'yang-library-version', yangLibraryVersion);
  if (under(path, STREAMS, STREAMS_SLASH)) {
    const rest = path.slice(STREAMS.length);
    const r = rest.includes(':') ? call.settings.paths.resolve(rest, call.strict) : undefined;
    const named = r?.ok === true && r.target.kind === 'notification' && r.target.browser !== undefined ? r.target : undefined;
    return streamsRoute(call, rest, named === undefined ? undefined : { browser: named.browser as Browser, steps: named.steps });
  }
  return fail(call, [restconfError('invalid-value', `no resource at ${path}`, { type: 'protocol', status: 404 })]);
};
