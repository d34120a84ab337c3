/**
 * The request filters, in order, before routing: each may add to the
 * request context (which starts with the request's abort signal) or end the
 * request with an error. Synchronous filters keep the request synchronous.
 */
import type { RequestContext } from '../../actors/index.ts';
import { keepSignal } from '../../actors/request-context.ts';
import { ERROR_TAGS, RestconfFailure, type RestconfError } from '../../errors/index.ts';
import type { CoreRequest } from '../exchange.ts';
import type { FilterAnswer, RequestFilter } from './core-options.ts';
import { isPromise, type Maybe } from './maybe.ts';

const isRestconfError = (a: object): a is RestconfError => {
  const e = a as Partial<Record<'tag' | 'type' | 'message', unknown>>;
  return typeof e.tag === 'string' && e.tag in ERROR_TAGS && typeof e.message === 'string' && typeof e.type === 'string';
};

export type FiltersOutcome = RequestContext | readonly RestconfError[];

/** Whether a filter ended the request (with these errors). */
export const stoppedBy = (o: FiltersOutcome): o is readonly RestconfError[] => Array.isArray(o);

/**
 * The context a request starts with: its abort signal, read through from
 * the request (adapters make the AbortController behind it on first use,
 * and most requests never need one). A class, not an object literal with a
 * getter: V8 makes such a literal on a slow path, about a microsecond each.
 * Spreading it does not carry the signal over: see keepSignal.
 */
class RequestScope implements RequestContext {
  readonly [key: string]: unknown;
  readonly #request: CoreRequest;

  constructor(request: CoreRequest) {
    this.#request = request;
  }

  get signal(): AbortSignal {
    return this.#request.signal;
  }
}

export const runFilters = (filters: readonly RequestFilter[], request: CoreRequest): Maybe<FiltersOutcome> => {
  let context: RequestContext = new RequestScope(request);
  if (filters.length === 0) return context;
  /** The errors that end the request, or undefined to go on. */
  const take = (answer: FilterAnswer): readonly RestconfError[] | undefined => {
    if (answer === undefined) return undefined;
    if (answer instanceof RestconfFailure) return answer.errors;
    if (isRestconfError(answer)) return [answer];
    context = keepSignal(context, { ...context, ...answer });
    return undefined;
  };
  const from = (i: number): Maybe<FiltersOutcome> => {
    for (let k = i; k < filters.length; k++) {
      const answer = (filters[k] as RequestFilter)(request, context);
      if (isPromise(answer)) return answer.then((a) => take(a) ?? from(k + 1));
      const stop = take(answer);
      if (stop !== undefined) return stop;
    }
    return context;
  };
  return from(0);
};
