/**
 * A transaction: in the module's mailbox, the edit is first run on a
 * candidate copy of the configuration and the whole candidate validated
 * (when, must, leafref, unique, mandatory...); only then is it run on the
 * real nodes, with their BeginEdit/EndEdit hooks. A rejected edit calls no
 * hook and changes nothing. The committed change is published.
 */
import { DataContainer } from '../../data/data-container.ts';
import { formatPath } from '../../data/data-path.ts';
import { encodeData } from '../../data/json/index.ts';
import { RestconfFailure } from '../../errors/index.ts';
import { validateTree } from '../../validate/index.ts';
import { Browser } from '../browser.ts';
import { runToEnd } from '../co.ts';
import type { Device } from '../device.ts';
import type { FieldValue } from '../field-value.ts';
import type { TargetStep } from '../navigate.ts';
import { DataContainerNode } from '../nodes/data-node.ts';
import type { RequestContext } from '../request-context.ts';
import { applyEdit, type EditOperation, type EditOutcome } from './apply-edit.ts';
import { snapshotConfig } from './snapshot.ts';

export interface EditCommand {
  readonly steps: readonly TargetStep[];
  readonly operation: EditOperation;
  /** A DataContainer for node targets, a value for field targets, undefined for delete. */
  readonly input: DataContainer | FieldValue | undefined;
  readonly context: RequestContext;
}

const validateCandidate = async (device: Device, browser: Browser, cmd: EditCommand): Promise<void> => {
  const roots = new Map<string, DataContainer>();
  for (const b of device.all) roots.set(b.module.name, await snapshotConfig(b, cmd.context));
  const candidate = roots.get(browser.module.name) ?? new DataContainer(browser.module);
  roots.set(browser.module.name, candidate);
  const sandbox = new Browser(browser.module, browser.schema, () => new DataContainerNode(candidate));
  await runToEnd(applyEdit(sandbox.root(cmd.context), cmd.steps, cmd.operation, cmd.input));
  const errors = validateTree(roots, { content: 'config', schema: device.schema });
  // A constraint the edit breaks is the client's doing: operation-failed with 412, the tag's other status, not 500.
  if (errors.length > 0) throw new RestconfFailure(errors.map((e) => (e.tag === 'operation-failed' ? { ...e, status: 412 } : e)));
};

const plain = (v: unknown): unknown => (typeof v === 'bigint' ? String(v) : Array.isArray(v) ? v.map(plain) : v);

/** The RFC 7951 JSON of what was written (64-bit integers as strings). */
const changeValue = (input: EditCommand['input']): unknown => {
  if (input instanceof DataContainer) return encodeData(input, { strict: true });
  if (typeof input === 'object' && input !== null && 'any' in input) return input.any;
  return plain(input);
};

export const commitEdit = (device: Device, browser: Browser, cmd: EditCommand): Promise<EditOutcome> =>
  browser.mailbox.run(async () => {
    if (device.needsTreeValidation) await validateCandidate(device, browser, cmd);
    const root = browser.root(cmd.context);
    let outcome: EditOutcome;
    try {
      outcome = await runToEnd(applyEdit(root, cmd.steps, cmd.operation, cmd.input));
    } finally {
      root.node.release?.();
    }
    if (cmd.operation !== 'delete' || outcome.existed) {
      const target = formatPath({ segments: cmd.steps.map((s) => ({ meta: s.meta as never, ...('key' in s && s.key !== undefined ? { key: s.key } : {}) })) });
      const value = cmd.operation === 'delete' ? {} : { value: changeValue(cmd.input) };
      browser.changes.next({ module: browser.module.name, target, operation: cmd.operation, ...value, time: new Date().toISOString() });
    }
    return outcome;
  });
