/** The constraints one node instance carries: its must expressions and its required instances. */
import type { MustMeta, TypeMeta } from '../meta/meta.ts';
import type { YangValue } from '../types/index.ts';
import { pathOf } from './path-of.ts';
import { checksInstance, hasRequiredInstance } from './has-required-instance.ts';
import type { ValidationRun } from './validation-run.ts';
import { instanceRequired, mustViolation, xpathFailure } from './validation-errors.ts';
import type { XDataNode } from './x-data-node.ts';

const NONE: readonly MustMeta[] = [];

/** An operation's musts are on its input or output. */
function mustsOf(node: XDataNode): readonly MustMeta[] {
  const s = node.schema;
  if (s === undefined) return NONE;
  if (s.kind === 'rpc' || s.kind === 'action') return node.container?.meta.kind === 'input' || node.container?.meta.kind === 'output' ? node.container.meta.musts : NONE;
  return s.musts;
}

const instanceChecked = new WeakMap<TypeMeta, boolean>();
function needsInstance(type: TypeMeta): boolean {
  let r = instanceChecked.get(type);
  if (r === undefined) instanceChecked.set(type, (r = checksInstance(type)));
  return r;
}

export function checkNode(run: ValidationRun, node: XDataNode): void {
  for (const must of mustsOf(node)) {
    const r = run.test(must, node);
    if (!r.ok) run.errors.push(xpathFailure(pathOf(node), must.text, r.message));
    else if (!r.value) run.errors.push(mustViolation(pathOf(node), must));
  }
  const s = node.schema;
  if ((s?.kind === 'leaf' || s?.kind === 'leaf-list') && node.value !== undefined && needsInstance(s.type)) {
    if (!hasRequiredInstance(run, node, s.type, node.value as YangValue)) {
      const what = s.type.base === 'instance-identifier' ? 'instance-identifier' : 'leafref';
      run.errors.push(instanceRequired(pathOf(node), node.stringValue(), what));
    }
  }
}
