/**
 * The application's filters as one pipeline stage (PIPELINE's
 * `application-filters`; createRestconfCore puts it around its core): the
 * request's scope is made here with the server's decisions (`prepare`: the
 * identity, access control's), then each filter, in order, may add values
 * to the request's context (which starts with the request's abort signal)
 * or end the request with an error. The scope goes on with the request to
 * the core (request-scope-of.ts). A filter's answer adds values only: it
 * cannot change the scope's decisions, nor, once authentication identified
 * the request, its `user` and `roles`. Synchronous filters keep the request
 * synchronous.
 *
 * Error branch: a filter's error is the answer, in the request's
 * compliance mode, with the challenge when a 401 (`authenticate`); what a
 * filter throws or rejects with is answered as the core answers a node's
 * throw (toRestconfErrors: a plain Error is 500 operation-failed with its
 * message) and told to `onError`.
 */
import { mergeAnswer, type RequestScope } from '../../actors/request-scope.ts';
import { isPromise, type Maybe } from '../../base/maybe.ts';
import { ERROR_TAGS, RestconfFailure, type RestconfError } from '../../errors/index.ts';
import type { CoreRequest, CoreResponse, Handler, Middleware } from '../exchange.ts';
import { requestIsStrict } from './compliance-mode.ts';
import type { FilterAnswer, RequestFilter, PrepareScope } from './core-options.ts';
import { negotiate, PLAIN_JSON, YANG_JSON } from './media-type.ts';
import { keepRequestScope, requestScopeOf } from './request-scope-of.ts';
import { challengeHeaders } from './response/challenge-headers.ts';
import { errorAnswer, toRestconfErrors } from './response/index.ts';

export interface FilterStageOptions {
  /** The server's first step with each request's scope, before any filter. */
  readonly prepare?: PrepareScope;
  /** The `WWW-Authenticate` challenge a filter's 401 carries. */
  readonly authenticate?: string;
  /** Told what a filter threw that was not a RESTCONF error. */
  readonly onError?: (error: unknown, request: CoreRequest) => void;
}

const isRestconfError = (a: object): a is RestconfError => {
  const e = a as Partial<Record<'tag' | 'type' | 'message', unknown>>;
  return typeof e.tag === 'string' && e.tag in ERROR_TAGS && typeof e.message === 'string' && typeof e.type === 'string';
};

/** The errors that end the request, or undefined to go on (values answered are merged into the scope). */
const take = (scope: RequestScope, answer: FilterAnswer): readonly RestconfError[] | undefined => {
  if (answer === undefined) return undefined;
  if (answer instanceof RestconfFailure) return answer.errors;
  if (isRestconfError(answer)) return [answer];
  mergeAnswer(scope, answer);
  return undefined;
};

/** The filters from `i` on: undefined when all let the request through, else the errors that end it. */
const runFrom = (filters: readonly RequestFilter[], i: number, request: CoreRequest, scope: RequestScope): Maybe<readonly RestconfError[] | undefined> => {
  for (let k = i; k < filters.length; k++) {
    const answer = (filters[k] as RequestFilter)(request, scope);
    if (isPromise(answer)) return answer.then((a) => take(scope, a) ?? runFrom(filters, k + 1, request, scope));
    const stop = take(scope, answer);
    if (stop !== undefined) return stop;
  }
  return undefined;
};

export const withFilters = (filters: readonly RequestFilter[], options: FilterStageOptions = {}): Middleware => (next) => {
  if (filters.length === 0) return next;
  const refuse = (request: CoreRequest, errors: readonly RestconfError[]): CoreResponse => {
    const strict = requestIsStrict(request);
    const mediaType = negotiate(request.headers.get('accept'), strict) ?? (strict ? YANG_JSON : PLAIN_JSON);
    const headers = challengeHeaders(errors, options.authenticate);
    return errorAnswer(errors, { strict, mediaType, head: request.method === 'HEAD', ...(headers === undefined ? {} : { headers }) });
  };
  const thrown = (request: CoreRequest, error: unknown): CoreResponse => {
    const { errors, unexpected } = toRestconfErrors(error);
    if (unexpected) options.onError?.(error, request);
    return refuse(request, errors);
  };
  const proceed = (request: CoreRequest, scope: RequestScope, stop: readonly RestconfError[] | undefined): ReturnType<Handler> => {
    if (stop !== undefined) return refuse(request, stop);
    keepRequestScope(request, scope);
    return next(request);
  };
  return (request) => {
    let scope: RequestScope;
    let outcome: Maybe<readonly RestconfError[] | undefined>;
    try {
      scope = requestScopeOf(request, options.prepare);
      outcome = runFrom(filters, 0, request, scope);
    } catch (error) {
      return thrown(request, error);
    }
    if (!isPromise(outcome)) return proceed(request, scope, outcome);
    return outcome.then((stop) => proceed(request, scope, stop), (error: unknown) => thrown(request, error));
  };
};
