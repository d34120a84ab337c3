/**
 * Counts answers in progress (from the request to the last byte of a
 * streamed body; event streams excepted) so that closing can let them
 * finish, and tells event streams when the server closes.
 */
import { Subject } from 'rxjs';
import type { CoreResponse, Handler, ResponseBody } from '../http/exchange.ts';

export class InFlight {
  private count = 0;
  private idle: (() => void) | undefined;
  /** Emits once when the server begins to close. */
  readonly closing = new Subject<void>();

  get size(): number {
    return this.count;
  }

  wrap(inner: Handler): Handler {
    return (req) => {
      this.count += 1;
      let answer;
      try {
        answer = inner(req);
      } catch (e) {
        this.done();
        throw e;
      }
      if (!(answer instanceof Promise)) return this.track(answer);
      return answer.then((r) => this.track(r), (e: unknown) => {
        this.done();
        throw e;
      });
    };
  }

  /** Resolves when nothing is in flight, or after `timeoutMs`. Tells event streams first. */
  drain(timeoutMs: number): Promise<void> {
    this.closing.next();
    this.closing.complete();
    if (this.count === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.idle = undefined;
        resolve();
      }, timeoutMs);
      this.idle = () => {
        clearTimeout(timer);
        resolve();
      };
    });
  }

  private done(): void {
    this.count -= 1;
    if (this.count === 0) this.idle?.();
  }

  private track(res: CoreResponse): CoreResponse {
    const body = res.body;
    if (body === undefined || typeof body === 'string' || body instanceof Uint8Array || res.flushEachChunk === true) {
      this.done();
      return res;
    }
    return { ...res, body: this.counted(body) };
  }

  private counted(body: Exclude<ResponseBody, string | Uint8Array>): AsyncIterable<string | Uint8Array> {
    let ended = false;
    const end = (): void => {
      if (ended) return;
      ended = true;
      this.done();
    };
    return {
      [Symbol.asyncIterator]: () => {
        const it = body[Symbol.asyncIterator]();
        return {
          next: async () => {
            try {
              const r = await it.next();
              if (r.done === true) end();
              return r;
            } catch (e) {
              end();
              throw e;
            }
          },
          return: async () => {
            end();
            return (await it.return?.()) ?? { done: true, value: undefined };
          },
        };
      },
    };
  }
}
