/** An RFC 8040 error answer from a resource served in front of the core, in the request's compliance mode. */
import { restconfError, statusOf, type ErrorTag } from '../../errors/index.ts';
import { errorBody, PLAIN_JSON, requestIsStrict, YANG_JSON } from '../core/index.ts';
import type { CoreRequest, CoreResponse } from '../exchange.ts';

export const protocolError = (req: CoreRequest, tag: ErrorTag, message: string, status?: number, headers: Record<string, string> = {}): CoreResponse => {
  const strict = requestIsStrict(req);
  return {
    status: statusOf(tag, status),
    headers: { ...headers, 'content-type': strict ? YANG_JSON : PLAIN_JSON },
    body: req.method === 'HEAD' ? undefined : errorBody([restconfError(tag, message, { type: 'protocol' })], strict),
  };
};
