/**
 * Evaluates a context-free evaluator once per evaluation (per Run) and per
 * tree (absolute paths depend on the root of the context node).
 */
import type { Evaluator } from './runtime.ts';
import { rootOf } from './x-node.ts';

export function memoize(evaluator: Evaluator): Evaluator {
  return (focus, run) => {
    const root = rootOf(focus.node);
    const memo = (run.memo ??= new Map());
    const hit = memo.get(evaluator);
    if (hit !== undefined && hit.root === root) return hit.value;
    const value = evaluator(focus, run);
    memo.set(evaluator, { root, value });
    return value;
  };
}
