/**
 * Node-set functions (XPath 1.0 §4.1). Data nodes have no namespace URI of
 * their own here, so namespace-uri() returns the module name, and name()
 * returns "module:name", or just "name" when the module is the expression's
 * default module. id() finds nothing: YANG data has no ID attributes.
 */
import type { XNode } from '../x-node.ts';
import type { Focus, Run } from '../runtime.ts';
import type { XPathValue } from '../xpath-value.ts';
import { nodeSetArg, nodeSetOrContext, type XPathFunction } from './xpath-function.ts';

const first = (fn: string, args: readonly XPathValue[], focus: Focus): XNode | undefined =>
  nodeSetOrContext(fn, args, focus)[0];

function qualifiedName(node: XNode, run: Run): string {
  if (node.kind === 'root') return '';
  return node.module === run.scope.defaultModule ? node.name : `${node.module}:${node.name}`;
}

export const nodeSetFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['last', { minArgs: 0, maxArgs: 0, call: (_a, focus) => focus.size }],
  ['position', { minArgs: 0, maxArgs: 0, call: (_a, focus) => focus.position }],
  ['count', { minArgs: 1, maxArgs: 1, call: (args) => nodeSetArg('count', args[0]).length }],
  ['id', { minArgs: 1, maxArgs: 1, call: () => [] }],
  ['local-name', { minArgs: 0, maxArgs: 1, call: (args, focus) => first('local-name', args, focus)?.name ?? '' }],
  ['namespace-uri', { minArgs: 0, maxArgs: 1, call: (args, focus) => first('namespace-uri', args, focus)?.module ?? '' }],
  ['name', {
    minArgs: 0, maxArgs: 1,
    call: (args, focus, run) => {
      const node = first('name', args, focus);
      return node === undefined ? '' : qualifiedName(node, run);
    },
  }],
]);
