/** The errors a replica answers edits with when the cluster cannot take them. */
import { restconfError, RestconfFailure } from '../errors/index.ts';

/** NATS unreachable (or the commit's outcome unknown): 503, the client may try again (Retry-After). */
export const logUnavailable = (why: string): RestconfFailure =>
  new RestconfFailure([restconfError('resource-denied', `the cluster's commit log is unreachable (${why}): edits are refused until it is back, reads are served`, { status: 503 })]);

/** This replica could not apply the log up to its end in time to make a refused edit again: 503, nothing of the edit was committed. */
export const replicaBehind = (last: number, applied: number, ms: number): RestconfFailure =>
  new RestconfFailure([restconfError('resource-denied', `another replica committed first and this replica could not apply the commit log up to sequence ${last} within ${ms / 1000} s (it is at ${applied}): the edit was not committed; try again`, { status: 503 })]);
