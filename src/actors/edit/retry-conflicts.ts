/**
 * A transaction that a replicated store refused because another replica
 * committed first (CommitConflict) is made again, validated on the tree
 * with what it missed applied, up to CONFLICT_ATTEMPTS times; then the
 * client gets 409 in-use. The first attempt's Promise is handed on with one
 * rejection handler and no async frame around it: every edit passes here,
 * and a conflict happens only on a replicated store.
 */
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import { CommitConflict } from '../../store/commit-conflict.ts';

export const CONFLICT_ATTEMPTS = 8;

export const retryConflicts = <T>(run: () => Promise<T>): Promise<T> => run().catch((e: unknown) => retryAfter(e, run));

/** After the first attempt failed with `first`: waits for the replica to catch up and runs again. */
const retryAfter = async <T>(first: unknown, run: () => Promise<T>): Promise<T> => {
  let failure = first;
  for (let attempt = 1; ; attempt++) {
    if (!(failure instanceof CommitConflict)) throw failure;
    if (attempt >= CONFLICT_ATTEMPTS) {
      throw new RestconfFailure([restconfError('in-use', `other replicas committed first ${attempt} times in a row; try again`)]);
    }
    await failure.caughtUp;
    try {
      return await run();
    } catch (e) {
      failure = e;
    }
  }
};
