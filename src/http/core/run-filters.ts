/**
 * The request's scope (src/actors/request-scope.ts), then the filters, in
 * order, before routing: the server first puts its decisions in the scope
 * (`prepare`: the identity, access control's); then each application
 * filter may add values to the request's context (which starts with the
 * request's abort signal) or end the request with an error. A filter's
 * answer adds values only: it cannot change the scope's decisions, nor,
 * once authentication identified the request, its `user` and `roles`.
 * Synchronous filters keep the request synchronous.
 */
import type { RequestContext } from '../../actors/index.ts';
import { mergeAnswer, RequestScope } from '../../actors/request-scope.ts';
import { ERROR_TAGS, RestconfFailure, type RestconfError } from '../../errors/index.ts';
import type { CoreRequest } from '../exchange.ts';
import type { FilterAnswer, RequestFilter, ScopeStage } from './core-options.ts';
import { isPromise, type Maybe } from '../../base/maybe.ts';

const isRestconfError = (a: object): a is RestconfError => {
  const e = a as Partial<Record<'tag' | 'type' | 'message', unknown>>;
  return typeof e.tag === 'string' && e.tag in ERROR_TAGS && typeof e.message === 'string' && typeof e.type === 'string';
};

export type FiltersOutcome = RequestContext | readonly RestconfError[];

/** Whether a filter ended the request (with these errors). */
export const stoppedBy = (o: FiltersOutcome): o is readonly RestconfError[] => Array.isArray(o);

export const runFilters = (filters: readonly RequestFilter[], request: CoreRequest, prepare?: ScopeStage): Maybe<FiltersOutcome> => {
  const scope = new RequestScope(request);
  prepare?.(request, scope);
  if (filters.length === 0) return scope;
  /** The errors that end the request, or undefined to go on. */
  const take = (answer: FilterAnswer): readonly RestconfError[] | undefined => {
    if (answer === undefined) return undefined;
    if (answer instanceof RestconfFailure) return answer.errors;
    if (isRestconfError(answer)) return [answer];
    mergeAnswer(scope, answer);
    return undefined;
  };
  const from = (i: number): Maybe<FiltersOutcome> => {
    for (let k = i; k < filters.length; k++) {
      const answer = (filters[k] as RequestFilter)(request, scope);
      if (isPromise(answer)) return answer.then((a) => take(a) ?? from(k + 1));
      const stop = take(answer);
      if (stop !== undefined) return stop;
    }
    return scope;
  };
  return from(0);
};
