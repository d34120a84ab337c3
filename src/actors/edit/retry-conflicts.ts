/**
 * A transaction that a replicated store refused because another replica
 * committed first (CommitConflict) is made again, validated on the tree
 * with what it missed applied, up to CONFLICT_ATTEMPTS times; then the
 * client gets 409 in-use.
 */
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import { CommitConflict } from '../../store/commit-conflict.ts';

export const CONFLICT_ATTEMPTS = 8;

export const retryConflicts = async <T>(run: () => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (e) {
      if (!(e instanceof CommitConflict)) throw e;
      if (attempt >= CONFLICT_ATTEMPTS) {
        throw new RestconfFailure([restconfError('in-use', `other replicas committed first ${attempt} times in a row; try again`)]);
      }
      await e.caughtUp;
    }
  }
};
