/**
 * A second XNode implementation for the tests: no siblingIndex, children()
 * a fresh generator each call, so the evaluator's own document-order
 * bookkeeping is exercised.
 */
import type { XNode, XNodeKind } from '../../src/xpath/index.ts';

export interface PlainSpec {
  readonly name: string;
  readonly value?: string;
  readonly kids?: readonly PlainSpec[];
}

class PlainNode implements XNode {
  readonly kids: PlainNode[] = [];
  constructor(
    readonly kind: XNodeKind,
    readonly name: string,
    readonly module: string,
    readonly parent: PlainNode | undefined,
    private readonly value: string,
  ) {}
  *children(): Generator<XNode> {
    yield* this.kids;
  }
  stringValue(): string {
    return this.value;
  }
}

export function plainTree(module: string, specs: readonly PlainSpec[]): XNode {
  const root = new PlainNode('root', '', '', undefined, '');
  const add = (parent: PlainNode, s: PlainSpec): void => {
    const kind = s.kids === undefined ? 'leaf' : 'container';
    const n = new PlainNode(kind, s.name, module, parent, s.value ?? '');
    parent.kids.push(n);
    for (const k of s.kids ?? []) add(n, k);
  };
  for (const s of specs) add(root, s);
  return root;
}
