/** A read request: navigate to the target, then write its document; text whole or streamed. */
import { formatPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { Co } from '../co.ts';
import type { TargetStep } from '../navigate.ts';
import { findParent } from './find-parent.ts';
import { JsonBuffer } from '../nodes/json-writer.ts';
import type { Selection } from '../selection.ts';
import { stepsPath } from '../steps-path.ts';
import { NodeBudget } from './node-budget.ts';
import { asText, drainRead, runRead, type ReadBody, type ReadChunks } from './read-body.ts';
import { readDocument } from './read-document.ts';
import { plainRoots, readPlain } from './read-plain.ts';
import type { ReadState } from './read-walk.ts';
import type { ReadOptions } from './read-options.ts';

/**
 * Characters buffered before a chunk is handed out: small, so that what a
 * streamed read holds between flushes dies young (memory stays flat).
 */
export const FLUSH_AT = 16 * 1024;

/** The walk owns the root selections: their nodes are released when it ends, however it ends. */
function* readAt(roots: readonly Selection[], steps: readonly TargetStep[], st: ReadState): Co<void> {
  try {
    yield* readRoots(roots, steps, st);
  } finally {
    for (const r of roots) r.node.release?.();
  }
}

function* readRoots(roots: readonly Selection[], steps: readonly TargetStep[], st: ReadState): Co<void> {
  const last = steps[steps.length - 1];
  const root = roots[0];
  if (last === undefined || root === undefined) {
    yield* readDocument({ kind: 'roots', roots }, st);
    return;
  }
  const parent = yield* findParent(root, steps, st.options);
  if (parent === undefined) {
    const path = formatPath(stepsPath(steps));
    throw new RestconfFailure([restconfError('invalid-value', `no data at ${path}`, { type: 'protocol', path, status: 404 })]);
  }
  yield* readDocument({ kind: 'node', parent, step: last }, st);
}

/**
 * Output held, at most, before a bounded read's status is committed
 * (read-body.ts FitCheck): answers up to this size cost one walk; a larger
 * one is counted first by a second walk whose text is dropped as it goes,
 * so memory stays flat whatever the size.
 */
export const HOLD_AT = 256 * 1024;

const readState = (options: ReadOptions, flushAt: number, counting: boolean): ReadState =>
  ({ options, budget: new NodeBudget(options.maxNodes), buffer: new JsonBuffer(options.strict, counting), flushAt, holders: [], counting });

const walkOf = (roots: readonly Selection[], steps: readonly TargetStep[], st: ReadState): Co<void> => {
  const datas = plainRoots(roots);
  return datas === undefined ? readAt(roots, steps, st) : readPlain(roots, datas, steps, st);
};

/**
 * Reads `steps` below `root` (or, with no steps, the top-level members of
 * every root). Synchronous when the nodes are. Roots that are plain
 * data-tree nodes (in-memory data, the embedded datastore) are read on
 * their data directly (read-plain.ts). The output is strings, or UTF-8
 * bytes once a long read spilled its text (JsonBuffer).
 *
 * A read bounded by rx.max-node-count answers too-big before anything is
 * handed out, never after (read-body.ts FitCheck). The counting pass of a
 * long answer reads plain data again as it is; over nodes it needs fresh
 * roots, from `again` (without it, such an answer is held whole); it stops
 * when `abandoned` says the client went away.
 */
export const readChunks = (
  roots: readonly Selection[], steps: readonly TargetStep[], options: ReadOptions, flushAt = FLUSH_AT,
  again?: () => readonly Selection[], abandoned?: () => boolean,
): ReadChunks | Promise<ReadChunks> => {
  const st = readState(options, flushAt, false);
  const datas = plainRoots(roots);
  const walk = datas === undefined ? readAt(roots, steps, st) : readPlain(roots, datas, steps, st);
  if (!st.budget.bounded) return runRead(walk, st.buffer);
  const count = datas === undefined && again === undefined ? undefined : (): Promise<void> => {
    const c = readState(options, flushAt, true);
    return drainRead(datas === undefined ? walkOf(again?.() ?? [], steps, c) : readPlain(roots, datas, steps, c), c.buffer, abandoned);
  };
  return runRead(walk, st.buffer, { holdAt: HOLD_AT, count, lift: () => st.budget.lift() });
};

/** As readChunks, as text. */
export const read = (roots: readonly Selection[], steps: readonly TargetStep[], options: ReadOptions, flushAt = FLUSH_AT): ReadBody | Promise<ReadBody> => {
  const r = readChunks(roots, steps, options, flushAt);
  return r instanceof Promise ? r.then(asText) : asText(r);
};
