/**
 * HTTP around a cluster replica: read-your-writes and retries.
 *
 * - An edit's answer carries `RXConf-Sequence`: a sequence of the commit
 *   log at or after the commit (this replica's applied sequence when it
 *   answered).
 * - A request carrying `RXConf-Sequence: N` is served once this replica has
 *   applied N (read-your-writes across replicas); after `maxWaitMs`, 503.
 * - A 503 (the commit log unreachable) carries `Retry-After: 1`.
 */
import type { CoreRequest, CoreResponse, Handler } from '../http/exchange.ts';
import { withHeaders } from '../http/with-headers.ts';
import { requestError } from './request-error.ts';
import type { ClusterBackend } from '../cluster/cluster-backend.ts';

export const SEQUENCE_HEADER = 'rxconf-sequence';

const EDITS = new Set(['PUT', 'PATCH', 'POST', 'DELETE']);

const decorate = (req: CoreRequest, res: CoreResponse, backend: ClusterBackend): CoreResponse => {
  if (res.status === 503) return withHeaders(res, { 'retry-after': '1' });
  if (EDITS.has(req.method) && res.status < 300) return withHeaders(res, { [SEQUENCE_HEADER]: String(backend.applied) });
  return res;
};

export const withClusterHeaders = (inner: Handler, backend: ClusterBackend, maxWaitMs = 10_000): Handler => (req) => {
  const named = req.headers.get(SEQUENCE_HEADER);
  const seq = named === undefined ? NaN : Number(named);
  if (named !== undefined && (!Number.isSafeInteger(seq) || seq < 0)) {
    return requestError(req, 'invalid-value', `${SEQUENCE_HEADER} must be a commit log sequence (a non-negative integer), not "${named}"`);
  }
  const serve = (): CoreResponse | Promise<CoreResponse> => {
    const res = inner(req);
    return res instanceof Promise ? res.then((r) => decorate(req, r, backend)) : decorate(req, res, backend);
  };
  if (named === undefined || backend.applied >= seq) return serve();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), maxWaitMs);
  });
  return Promise.race([backend.waitFor(seq), late]).then((r) => {
    clearTimeout(timer);
    if (r === 'late') {
      return requestError(req, 'resource-denied', `this replica has not yet applied sequence ${seq} of the commit log (it is at ${backend.applied})`, { status: 503, headers: { 'retry-after': '1' } });
    }
    return serve();
  });
};
