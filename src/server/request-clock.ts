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

/** A reading of the clock made for one request, taken over once by the other stage. */
class SharedReading {
  #request: CoreRequest | undefined;
  #at = 0;

  /** The reading made for `request` (forgotten once taken), else a new one kept for it. */
  take(request: CoreRequest): number {
    if (this.#request === request) {
      this.#request = undefined;
      return this.#at;
    }
    this.#request = request;
    this.#at = performance.now();
    return this.#at;
  }
}

const entry = new SharedReading();
const answer = new SharedReading();

/** The clock as `request` enters: the reading the stage outside made for it, else a new one left for the stage inside. */
export const clockAtEntry = (request: CoreRequest): number => entry.take(request);

/** The clock at `request`'s answer: the reading the stage inside made for it, else a new one left for the stage outside. */
export const clockAtAnswer = (request: CoreRequest): number => answer.take(request);
