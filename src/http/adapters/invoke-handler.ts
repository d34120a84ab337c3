import type { CoreRequest, CoreResponse, Handler } from '../exchange.ts';

/** What an adapter answers when the handler throws or rejects. */
export const internalError: CoreResponse = { status: 500, headers: {}, body: undefined };

/**
 * Calls the handler and turns a throw or a rejection into a bare 500 (told
 * to `onError`). A synchronous answer stays synchronous: that is the uWS
 * fast path.
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
    onError(error);
    return internalError;
  }
  if (!isPromiseLike(result)) return result;
  return Promise.resolve(result).then(undefined, (error: unknown) => {
    onError(error);
    return internalError;
  });
};

const isPromiseLike = (value: CoreResponse | PromiseLike<CoreResponse>): value is PromiseLike<CoreResponse> =>
  typeof (value as { then?: unknown }).then === 'function';
