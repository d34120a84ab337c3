/** An RFC 8040 error answer for a layer in front of the core, in the request's compliance mode. */
import { restconfError, statusOf, type ErrorTag } from '../errors/index.ts';
import { errorBody, PLAIN_JSON, requestIsStrict, YANG_JSON } from '../http/core/index.ts';
import type { CoreRequest, CoreResponse } from '../http/exchange.ts';

export const errorResponse = (
  req: CoreRequest,
  tag: ErrorTag,
  message: string,
  extra: { readonly type?: 'transport' | 'rpc' | 'protocol' | 'application'; readonly status?: number; readonly headers?: Readonly<Record<string, string>> } = {},
): CoreResponse => {
  const strict = requestIsStrict(req);
  const error = restconfError(tag, message, { type: extra.type ?? 'protocol' });
  return {
    status: statusOf(tag, extra.status),
    headers: { ...extra.headers, 'content-type': strict ? YANG_JSON : PLAIN_JSON },
    body: req.method === 'HEAD' ? undefined : errorBody([error], strict),
  };
};
