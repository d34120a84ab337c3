import { restconfError } from '../../errors/index.ts';
import { requestIsStrict } from '../core/compliance-mode.ts';
import { PLAIN_JSON, YANG_JSON } from '../core/media-type.ts';
import { errorAnswer } from '../core/response/error-answer.ts';
import type { CoreRequest, CoreResponse, Handler } from '../exchange.ts';
import { isClientGone } from './client-gone.ts';

const FAILED = restconfError('operation-failed', 'the server failed to answer this request (see its log)', { type: 'application' });

/** What an adapter answers when an answer cannot be sent as it is (a bad head): 500 operation-failed. */
export const internalError: CoreResponse = errorAnswer([FAILED], { strict: false, mediaType: PLAIN_JSON });

/** The answer to a handler that threw or rejected: 500 operation-failed in the request's compliance mode (what was thrown goes to `onError`, with its stack). */
const failed = (request: CoreRequest): CoreResponse => {
  const strict = requestIsStrict(request);
  return errorAnswer([FAILED], { strict, mediaType: strict ? YANG_JSON : PLAIN_JSON, head: request.method === 'HEAD' });
};

/**
 * Calls the handler and turns a throw or a rejection into a 500 operation-failed answer (told
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
    return failed(request);
  }
  if (!isPromiseLike(result)) return result;
  return Promise.resolve(result).then(undefined, (error: unknown) => {
    if (!isClientGone(error)) onError(error);
    return failed(request);
  });
};

const isPromiseLike = (value: CoreResponse | PromiseLike<CoreResponse>): value is PromiseLike<CoreResponse> =>
  typeof (value as { then?: unknown }).then === 'function';
