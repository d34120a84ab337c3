/** A Browser serves one module: it makes the root node afresh for every request. */
import { rootPath } from '../data/data-path.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import type { Node } from './node.ts';
import { emptyContext, type RequestContext } from './request-context.ts';
import { Selection } from './selection.ts';

export type RootFactory = (context: RequestContext) => Node;

export class Browser {
  constructor(
    readonly module: ModuleMeta,
    readonly schema: SchemaContext,
    private readonly makeRoot: RootFactory,
  ) {}

  /** The root selection of a new request. */
  root(context: RequestContext = emptyContext): Selection {
    const node = this.makeRoot(context);
    const ctx = node.context === undefined ? context : { ...context, ...node.context({ selection: undefined as never, path: rootPath }) };
    return new Selection(this, node, this.module, rootPath, undefined, ctx);
  }
}
