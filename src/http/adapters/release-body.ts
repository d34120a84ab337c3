import type { ResponseBody } from '../exchange.ts';

/**
 * A response stream that will not be sent (HEAD, 204, 304, client gone
 * before the answer): open it and close it at once so it lets go of what it
 * holds. Whole bodies need nothing.
 */
export const releaseBody = (body: ResponseBody | undefined): void => {
  if (body === undefined || typeof body === 'string' || body instanceof Uint8Array) return;
  try {
    body[Symbol.asyncIterator]().return?.().catch(() => {});
  } catch {
    // nothing to answer: the stream is dropped either way
  }
};
