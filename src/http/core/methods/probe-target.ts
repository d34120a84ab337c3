/**
 * Whether a data resource exists, asked the cheap way (a read of depth 1;
 * on plain data-tree roots the data is looked at, no document written):
 * for the RFC 8040 rules that need it (strict PATCH §4.6, the parent of a
 * POST §4.4.1) and for OPTIONS' access answer. A node's own error (access
 * denied...) is thrown, as any request would see it.
 */
import { defaultReadOptions, plainRoots, plainTargetExists, read, type ReadOptions, type TargetStep } from '../../../actors/index.ts';
import { RestconfFailure } from '../../../errors/index.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import type { Call } from '../call.ts';
import { andThen, attempt, type Maybe } from '../../../base/maybe.ts';
import { rootsOf } from './roots-of.ts';

const probe: ReadOptions = { ...defaultReadOptions, depth: 1, maxNodes: Number.MAX_SAFE_INTEGER };

export const isNotFound = (e: unknown): boolean =>
  e instanceof RestconfFailure && e.errors[0]?.tag === 'invalid-value' && e.errors[0].status === 404;

/**
 * The steps to the instance that decides whether the target exists: a
 * non-presence container exists as soon as its parent does (it has no
 * meaning of its own, RFC 7950 §7.5.1), so trailing ones are dropped.
 */
const decisive = (steps: readonly TargetStep[]): readonly TargetStep[] => {
  let n = steps.length;
  while (n > 0) {
    const meta = (steps[n - 1] as TargetStep).meta;
    if (meta.kind !== 'container' || meta.presence !== undefined) break;
    n--;
  }
  return n === steps.length ? steps : steps.slice(0, n);
};

const notFoundIsAbsent = (error: unknown): boolean => {
  if (isNotFound(error)) return false;
  throw error;
};

export const targetExists = (call: Call, target: ResolvedTarget): Maybe<boolean> => {
  const steps = decisive(target.steps);
  if (steps.length === 0) return true;
  return attempt(() => {
    const roots = rootsOf(call, target);
    // roots that are plain data (the datastore, with nothing wrapping it: no access guard) are looked at directly, no document written
    const datas = plainRoots(roots);
    if (datas !== undefined) return plainTargetExists(datas, steps, probe);
    return andThen(read(roots, steps, probe), (body) => {
      if (body.kind === 'stream') void body.rest[Symbol.asyncIterator]().return?.();
      return true;
    });
  }, notFoundIsAbsent);
};
