/**
 * Node tests (XPath 1.0 §2.3) compiled to predicates. Name tests and `*`
 * match elements only (never the root). A prefix is resolved once, at compile
 * time; an unprefixed name is in the scope's default module, or in any module
 * when there is none. There are no text, comment or processing-instruction
 * nodes in YANG data, so those tests match nothing.
 */
import type { NodeTest } from '../parser/expr/ast.ts';
import type { NodeFilter } from './axes.ts';
import type { XNode } from './x-node.ts';
import type { XPathScope } from './xpath-context.ts';
import { XPathError } from './runtime.ts';

const nothing: NodeFilter = () => false;
const anything: NodeFilter = () => true;

export function compileNodeTest(test: NodeTest, scope: XPathScope): NodeFilter {
  switch (test.kind) {
    case 'node':
      return anything;
    case 'text':
    case 'comment':
    case 'processing-instruction':
      return nothing;
    case 'wildcard': {
      // `*` is any element in any namespace; only `p:*` restricts the module.
      const module = test.prefix === undefined ? undefined : moduleOf(test.prefix, scope, '*');
      return module === undefined
        ? (n) => n.kind !== 'root'
        : (n) => n.kind !== 'root' && n.module === module;
    }
    case 'name': {
      const { name } = test;
      const module = moduleOf(test.prefix, scope, name);
      const f: (n: XNode) => boolean = module === undefined
        ? (n) => n.name === name && n.kind !== 'root'
        : (n) => n.name === name && n.module === module && n.kind !== 'root';
      return Object.assign(f, { localName: name });
    }
  }
}

function moduleOf(prefix: string | undefined, scope: XPathScope, name: string): string | undefined {
  if (prefix === undefined) return scope.defaultModule;
  const module = scope.prefixes.get(prefix);
  if (module === undefined) throw new XPathError(`unknown prefix '${prefix}' in '${prefix}:${name}'`);
  return module;
}
