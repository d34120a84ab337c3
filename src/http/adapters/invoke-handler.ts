import type { CoreRequest, CoreResponse, Handler } from '../exchange.ts';
import { isClientGone } from './client-gone.ts';

/** What an adapter answers when the handler throws or rejects. */
export const internalError: CoreResponse = { status: 500, headers: {}, body: undefined };

/**
 * Calls the handler and turns a throw or a rejection into a bare 500 (told
 * to `onError`, unless the client went away: nothing is sent then). A
 * synchronous answer stays synchronous: that is the uWS fast path.
 */
export const invokeHandler = (
  handler: Handler,
  request: CoreRequest,
  onError: (error: unknown) => void,
): CoreResponse | Promise<CoreResponse> => {
  let result: CoreResponse | Promise<CoreResponse>;
  try {
    result = handler(request);
  } catch (error) {
    if (!isClientGone(error)) onError(error);
    return internalError;
  }
  if (!isPromiseLike(result)) return result;
  return Promise.resolve(result).then(undefined, (error: unknown) => {
    if (!isClientGone(error)) onError(error);
    return internalError;
  });
};

const isPromiseLike = (value: CoreResponse | PromiseLike<CoreResponse>): value is PromiseLike<CoreResponse> =>
  typeof (value as { then?: unknown }).then === 'function';
