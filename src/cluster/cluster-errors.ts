/** The errors a replica answers edits with when the cluster cannot take them. */
import { restconfError, RestconfFailure } from '../errors/index.ts';

/** NATS unreachable (or the commit's outcome unknown): 503, the client may try again (Retry-After). */
export const logUnavailable = (why: string): RestconfFailure =>
  new RestconfFailure([restconfError('resource-denied', `the cluster's commit log is unreachable (${why}): edits are refused until it is back, reads are served`, { status: 503 })]);
