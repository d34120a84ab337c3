/**
 * Runs an rpc or action: once the instance it runs on is found, its input
 * is checked and its defaults filled in (checked-input.ts); the node
 * answering for the operation's parent is handed that input as a node; its output node is read back into a data
 * tree and checked. An operation with no handler is 501; an action on an
 * instance that does not exist is 404, at the action's full path.
 */
import { DataContainer } from '../../data/data-container.ts';
import { childPath, formatPath, type DataPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { OperationMeta } from '../../meta/meta.ts';
import { validateSubtree } from '../../validate/index.ts';
import { isPending } from '../../base/answer.ts';
import type { Browser } from '../browser.ts';
import { runToEnd, type Co } from '../co.ts';
import { navigate, type TargetStep } from '../navigate.ts';
import type { Node } from '../node.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import { readInto } from '../read/read-into.ts';
import type { RequestContext } from '../request-context.ts';
import { Selection } from '../selection.ts';
import { checkedInput } from './checked-input.ts';
import { stepsPath } from '../steps-path.ts';

export interface InvokeCommand {
  /** Path to the operation; its last step is the rpc or action. */
  readonly steps: readonly TargetStep[];
  /** Decoded input (its members checked against their types), undefined when the request had none. */
  readonly input: DataContainer | undefined;
  readonly context: RequestContext;
}

function* run(browser: Browser, cmd: InvokeCommand, op: OperationMeta, at: DataPath): Co<DataContainer | undefined> {
  const root = browser.root(cmd.context);
  try {
    const parent = yield* navigate(root, cmd.steps);
    if (parent === undefined) {
      const missing = formatPath({ segments: at.segments.slice(0, -1) });
      throw new RestconfFailure([restconfError('invalid-value', `no data at ${missing} to run ${op.name} on`, { type: 'protocol', path: formatPath(at), status: 404 })]);
    }
    const path = childPath(parent.path, op);
    if (parent.node.action === undefined) {
      throw new RestconfFailure([restconfError('operation-not-supported', `${op.kind} "${op.name}" has no handler`, { path: formatPath(path) })]);
    }
    const inputData = op.hasInput ? checkedInput(cmd.input, op, at, browser.schema) : undefined;
    const input = inputData === undefined ? undefined : new Selection(browser, new DataContainerNode(inputData), op.input, path, parent, parent.context);
    const a = parent.node.action({ selection: parent, path, meta: op, input });
    const out = (isPending(a) ? yield a : a) as Node | undefined;
    if (!op.hasOutput) {
      out?.release?.();
      return undefined;
    }
    if (out === undefined) return new DataContainer(op.output);
    try {
      return yield* readInto(new Selection(browser, out, op.output, path, parent, parent.context));
    } finally {
      out.release?.();
    }
  } finally {
    root.node.release?.();
  }
}

/** Runs the operation; the output tree when the operation declares output. */
export const invoke = async (browser: Browser, cmd: InvokeCommand): Promise<DataContainer | undefined> => {
  const op = cmd.steps[cmd.steps.length - 1]?.meta as OperationMeta;
  const at = stepsPath(cmd.steps);
  const output = await runToEnd(run(browser, cmd, op, at));
  if (output !== undefined) {
    const errors = validateSubtree(output, { content: 'all', schema: browser.schema, parent: { segments: at.segments.slice(0, -1) } });
    if (errors.length > 0) {
      throw new RestconfFailure(errors.map((e) => restconfError('operation-failed', `the ${op.name} handler answered invalid output: ${e.message}`, { path: e.path })));
    }
  }
  return output;
};
