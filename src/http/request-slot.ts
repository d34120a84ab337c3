/**
 * A value kept with a request by a layer in front of the core, found from
 * any rewrite of it: a property of the transport's request (originOf) under
 * a private symbol (one store per request, no ephemeron table for the
 * collector to sweep); a WeakMap only for a request object that takes no
 * property.
 */
import type { CoreRequest } from './exchange.ts';
import { originOf } from './request-origin.ts';

export interface RequestSlot<T> {
  readonly keep: (request: CoreRequest, value: T) => void;
  readonly of: (request: CoreRequest) => T | undefined;
}

export const requestSlot = <T>(name: string): RequestSlot<T> => {
  const key = Symbol(name);
  const kept = new WeakMap<CoreRequest, T>();
  type Carrier = CoreRequest & { [key]?: T };
  return {
    keep: (request, value) => {
      const req = originOf(request);
      if (Object.isExtensible(req)) (req as Carrier)[key] = value;
      else kept.set(req, value);
    },
    of: (request) => {
      const req = originOf(request);
      return (req as Carrier)[key] ?? kept.get(req);
    },
  };
};
