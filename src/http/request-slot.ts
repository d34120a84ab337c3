/**
 * A value kept with a request by a layer in front of the core, found from
 * any rewrite of it: on the transport's request (originOf), in one array
 * under one private symbol that every slot shares, each slot at its own
 * index (one store per request; no ephemeron table for the collector to
 * sweep); a WeakMap only for a request object that takes no property.
 *
 * One key for all slots, not one symbol each: `keep` and `of` are the same
 * code for every slot, so property lookups under a key per slot would see
 * several keys at one site and take V8's slow generic path (measured: about
 * 470 instructions per GET in the lookups alone), where one key stays fast.
 */
import type { CoreRequest } from './exchange.ts';
import { originOf } from './request-origin.ts';

export interface RequestSlot<T> {
  readonly keep: (request: CoreRequest, value: T) => void;
  readonly of: (request: CoreRequest) => T | undefined;
}

const SLOTS = Symbol('rxconf.slots');
type Carrier = CoreRequest & { [SLOTS]?: unknown[] };

let slots = 0;

export const requestSlot = <T>(): RequestSlot<T> => {
  const index = slots;
  slots += 1;
  const kept = new WeakMap<CoreRequest, T>();
  return {
    keep: (request, value) => {
      const req = originOf(request) as Carrier;
      let values = req[SLOTS];
      if (values === undefined) {
        if (!Object.isExtensible(req)) {
          kept.set(req, value);
          return;
        }
        // room for every slot made so far (all are made as modules load): no growing
        req[SLOTS] = values = new Array<unknown>(slots);
      }
      values[index] = value;
    },
    of: (request) => {
      const req = originOf(request) as Carrier;
      // a request that took the array keeps every slot there (an empty one is no reason to look in the WeakMap)
      const values = req[SLOTS];
      return values === undefined ? kept.get(req) : (values[index] as T | undefined);
    },
  };
};
