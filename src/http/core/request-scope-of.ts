/**
 * Where a request's scope (src/actors/request-scope.ts) is made and how it
 * reaches the core: the first stage that needs it (the application's
 * filters, else the core itself) makes it with the server's decisions
 * (`prepare`: the identity, access control's), and a stage in front of the
 * core hands it on with the request. The key is module-private: nothing
 * outside this file can put another scope on a request.
 */
import { RequestScope } from '../../actors/request-scope.ts';
import type { CoreRequest } from '../exchange.ts';
import type { PrepareScope } from './core-options.ts';

const SCOPE = Symbol('rxconf.requestScope');

type Scoped = CoreRequest & { [SCOPE]?: RequestScope };

/** The scope a stage in front of the core made for `request`, else a new one with the server's decisions. */
export const requestScopeOf = (request: CoreRequest, prepare: PrepareScope | undefined): RequestScope => {
  const made = (request as Scoped)[SCOPE];
  if (made !== undefined) return made;
  const scope = new RequestScope(request, request);
  prepare?.(request, scope);
  return scope;
};

/** `scope` goes on with `request` to the stages after this one (and to the core). */
export const keepRequestScope = (request: CoreRequest, scope: RequestScope): void => {
  (request as Scoped)[SCOPE] = scope;
};
