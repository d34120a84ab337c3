/**
 * A read (GET, HEAD) whose answer has not started within the limit is
 * answered 500 operation-failed. Edits and operations are never answered
 * by the time-out: the work would go on and might commit, and the answer
 * must not contradict the datastore. An answer already streaming is not cut;
 * an answer that comes after the time-out was answered is ended unread, so
 * that its read stops and releases its nodes.
 */
import type { CoreResponse, Handler } from '../http/exchange.ts';
import { requestError } from './request-error.ts';

/** A streamed answer nobody will read: its producer is told to stop (the read ends and releases its nodes). */
const discard = (r: CoreResponse): void => {
  const body = r.body as unknown;
  if (typeof body === 'object' && body !== null && Symbol.asyncIterator in body) {
    void (body as AsyncIterable<unknown>)[Symbol.asyncIterator]().return?.();
  }
};

export const withTimeout = (handler: Handler, limitMs: () => number): Handler => (req) => {
  const answer = handler(req);
  if (!(answer instanceof Promise) || (req.method !== 'GET' && req.method !== 'HEAD')) return answer;
  const ms = limitMs();
  return new Promise<CoreResponse>((resolve, reject) => {
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      resolve(requestError(req, 'operation-failed', `no answer within ${ms} ms (rxconf-server:server/limits/request-timeout-ms)`, { type: 'application' }));
    }, ms);
    answer.then(
      (r) => {
        clearTimeout(timer);
        if (timedOut) discard(r);
        else resolve(r);
      },
      (e: unknown) => {
        clearTimeout(timer);
        reject(e);
      },
    );
  });
};
