/**
 * A Selection pairs a node with the definition it stands for, at a path,
 * in a request's context. The root selection comes from a Browser.
 */
import type {
  ContainerMeta, IoMeta, ListMeta, ModuleMeta, NotificationMeta, OperationMeta,
} from '../meta/meta.ts';
import type { DataPath } from '../data/data-path.ts';
import type { YangValue } from '../types/value.ts';
import type { Browser } from './browser.ts';
import type { Node } from './node.ts';
import type { RequestContext } from './request-context.ts';
import { extendContext } from './request-scope.ts';

/** What a selection can stand for: the module root, a container, a list entry, or an operation/notification body. */
export type SelectionMeta = ModuleMeta | ContainerMeta | ListMeta | IoMeta | NotificationMeta | OperationMeta;

export class Selection {
  constructor(
    readonly browser: Browser,
    readonly node: Node,
    readonly meta: SelectionMeta,
    readonly path: DataPath,
    readonly parent: Selection | undefined,
    readonly context: RequestContext,
    /** Key values when this is a keyed list entry. */
    readonly key: readonly YangValue[] | undefined = undefined,
  ) {}

  /** A selection below this one, in the same request. */
  select(node: Node, meta: SelectionMeta, path: DataPath, key?: readonly YangValue[]): Selection {
    const base = { selection: this, path };
    const context = node.context === undefined ? this.context : extendContext(this.context, node.context(base));
    return new Selection(this.browser, node, meta, path, this, context, key);
  }

  /** The selections from this one up to the root, nearest first. */
  *ancestors(): Generator<Selection> {
    for (let s = this.parent; s !== undefined; s = s.parent) yield s;
  }
}
