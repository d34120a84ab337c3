/**
 * An error answer for a stage in front of the RESTCONF core, in the
 * request's compliance mode, built by the core's one builder (errorAnswer):
 * the tag decides the status (`status` may pick another the tag allows).
 * `thrownError` is the answer to anything a stage threw: 500
 * operation-failed, its message kept to the server's log.
 */
import { restconfError, type ErrorTag, type ErrorType } from '../errors/index.ts';
import { errorAnswer, PLAIN_JSON, requestIsStrict, YANG_JSON } from '../http/core/index.ts';
import type { CoreRequest, CoreResponse } from '../http/exchange.ts';

export const requestError = (
  req: CoreRequest,
  tag: ErrorTag,
  message: string,
  extra: { readonly type?: ErrorType; readonly status?: number; readonly headers?: Readonly<Record<string, string>> } = {},
): CoreResponse => {
  const strict = requestIsStrict(req);
  const error = restconfError(tag, message, { type: (extra.type ?? 'protocol') as never, ...(extra.status === undefined ? {} : { status: extra.status }) });
  return errorAnswer([error], { strict, mediaType: strict ? YANG_JSON : PLAIN_JSON, head: req.method === 'HEAD', ...(extra.headers === undefined ? {} : { headers: extra.headers }) });
};

/** The answer to a throw in a stage: 500 operation-failed (what was thrown goes to the log, not to the client). */
export const thrownError = (req: CoreRequest): CoreResponse =>
  requestError(req, 'operation-failed', 'the server failed to answer this request (see its log)', { type: 'application' });
