/**
 * The RESTCONF core: a transport-neutral Handler over a Device. The request
 * lifecycle, each stage with its error branch:
 *
 * 1. query parsed (400: bad encoding, a parameter twice, a bad flag)
 * 2. compliance mode chosen and the answer's media type negotiated (406)
 * 3. the request's scope: the one the application's filters (a stage in
 *    front: with-filters.ts) handed on, else made here with the server's
 *    decisions (identity, access control's)
 * 4. routed by path (404), the api-path resolved against the schema (400)
 * 5. method checked against the resource (405 + Allow), query parameters
 *    checked for it (400)
 * 6. the method's handler: body read (415, 413, 400), decoded (400), the
 *    node runtime called (its errors: 404, 409, 401... a plain Error 500)
 *
 * Everything stays synchronous until something waits, so a GET whose nodes
 * answer at once is answered before the handler returns.
 */
import type { CoreRequest, CoreResponse, Handler } from '../exchange.ts';
import { UnsupportedMediaType } from './body/index.ts';
import { callOf, fail, withContext, type EarlyCall } from './call.ts';
import { isStrict } from './compliance-mode.ts';
import { coreSettings, type CoreOptions, type CoreSettings, type PrepareScope } from './core-options.ts';
import { fixedResource } from './fixed-resource.ts';
import { isPromise, type Maybe } from '../../base/maybe.ts';
import { admitsEventStream, negotiate, notAcceptable, PLAIN_JSON, YANG_JSON } from './media-type.ts';
import { noParams, parseQuery, queryError } from './query/index.ts';
import { simplified } from './query/simplified.ts';
import { hostMeta, isHostMeta } from './resources/index.ts';
import { toRestconfErrors, unsupportedMediaType } from './response/index.ts';
import { routeRequest } from './route-request.ts';
import { requestScopeOf } from './request-scope-of.ts';
import { withFilters } from './with-filters.ts';

/** The answer to whatever a stage threw. */
const answerThrown = (call: EarlyCall, error: unknown): CoreResponse => {
  if (error instanceof UnsupportedMediaType) return unsupportedMediaType(error.contentType, call.strict, call.mediaType);
  const { errors, unexpected } = toRestconfErrors(error);
  if (unexpected) call.settings.onError(error, call.request);
  return fail(call, errors);
};


const handle = (settings: CoreSettings, request: CoreRequest): Maybe<CoreResponse> => {
  const query = parseQuery(request.query);
  const params = query.ok ? query.params : noParams;
  const strict = isStrict(request, params);
  const discovery = isHostMeta(request.path);
  const mediaType = discovery ? PLAIN_JSON : negotiate(request.headers.get('accept'), strict);
  const call = callOf(request, settings, params, strict, mediaType ?? (strict ? YANG_JSON : PLAIN_JSON));
  if (!query.ok) return fail(call, [query.error]);
  if (params.has('simplified')) {
    const flag = simplified.parse(params.get('simplified'), { target: undefined, schema: settings.device.schema });
    if (!flag.ok) return fail(call, [queryError(simplified.name, flag.message)]);
  }
  if (mediaType === undefined) {
    if (!admitsEventStream(request.headers.get('accept'))) return fail(call, [notAcceptable(request)]);
    (call as { eventStreamOnly?: boolean }).eventStreamOnly = true;
  }
  try {
    const ready = withContext(call, requestScopeOf(request, settings.prepare));
    const answer = discovery ? fixedResource(ready, 'host-meta', () => hostMeta(request.path)) : routeRequest(ready);
    return isPromise(answer) ? answer.catch((error: unknown) => answerThrown(call, error)) : answer;
  } catch (error) {
    return answerThrown(call, error);
  }
};

/** The core, behind the stage of `options.filters` when there are any. */
export const createRestconfCore = (options: CoreOptions): Handler =>
  withFilters(options.filters ?? [], { authenticate: options.authenticate, onError: options.onError })(createScopedCore(options));

/**
 * The core alone, with the server's first step in each request's scope
 * (not part of the package's API): the server puts the application's
 * filters in its pipeline (PIPELINE's `application-filters`).
 */
export const createScopedCore = (options: Omit<CoreOptions, 'filters'>, prepare?: PrepareScope): Handler => {
  const settings = coreSettings(options, prepare);
  return (request) => handle(settings, request);
};
