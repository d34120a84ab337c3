/**
 * The monotonic clock (performance.now()) read once for the stages that
 * time a request, the access log and the request metrics, which sit next
 * to each other in the pipeline: the outer one reads it as a request
 * enters and the inner one takes that reading, the inner one reads it at
 * the answer and the outer one takes that. A reading is taken over only
 * for the request it was made for and only once; any other time the
 * clock is read (a stage alone, an answer given later, after other
 * requests' readings). In a virtual machine a reading costs about as much
 * as writing an access line's bytes.
 */
import { performance } from 'node:perf_hooks';
import type { CoreRequest } from '../http/exchange.ts';

let entered: CoreRequest | undefined;
let enteredAt = 0;
let answered: CoreRequest | undefined;
let answeredAt = 0;

/** The clock as `request` enters: the reading the stage outside made for it, else a new one left for the stage inside. */
export const clockAtEntry = (request: CoreRequest): number => {
  if (entered === request) {
    entered = undefined;
    return enteredAt;
  }
  entered = request;
  enteredAt = performance.now();
  return enteredAt;
};

/** The clock at `request`'s answer: the reading the stage inside made for it, else a new one left for the stage outside. */
export const clockAtAnswer = (request: CoreRequest): number => {
  if (answered === request) {
    answered = undefined;
    return answeredAt;
  }
  answered = request;
  answeredAt = performance.now();
  return answeredAt;
};
