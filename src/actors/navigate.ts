/**
 * From a module root down to the selection a request targets, asking each
 * node only for the one child or entry on the way.
 */
import { childPath } from '../data/data-path.ts';
import type {
  AnydataMeta, ContainerMeta, LeafListMeta, LeafMeta, ListMeta, NotificationMeta, OperationMeta,
} from '../meta/meta.ts';
import type { YangValue } from '../types/value.ts';
import { isPending } from '../base/answer.ts';
import type { Co } from './co.ts';
import type { ListItem, Node } from './node.ts';
import type { Selection } from './selection.ts';

/** One step of a resolved request path. */
export type TargetStep =
  | { readonly meta: ContainerMeta }
  /** A list entry (key given) or the whole list (key undefined). */
  | { readonly meta: ListMeta; readonly key: readonly YangValue[] | undefined }
  /** A leaf-list entry when `value` is given. */
  | { readonly meta: LeafMeta | LeafListMeta | AnydataMeta; readonly value?: YangValue }
  | { readonly meta: OperationMeta }
  | { readonly meta: NotificationMeta };

/** The list node of `meta` below `from` (the collection), or undefined. */
export function* listOf(from: Selection, meta: ListMeta): Co<Selection | undefined> {
  if (from.node.child === undefined) return undefined;
  const path = childPath(from.path, meta);
  const a = from.node.child({ selection: from, path, meta, new: false, delete: false });
  const node = (isPending(a) ? yield a : a) as Node | undefined;
  return node === undefined ? undefined : from.select(node, meta, path);
}

/** A list entry by key below a list selection, or undefined. */
export function* entryOf(list: Selection, meta: ListMeta, key: readonly YangValue[]): Co<{ item: ListItem; selection: Selection } | undefined> {
  if (list.node.next === undefined) return undefined;
  const base = list.parent?.path ?? list.path;
  const path = childPath(base, meta, key);
  const a = list.node.next({ selection: list, path, meta, key, row: 0, new: false, delete: false });
  const item = (isPending(a) ? yield a : a) as ListItem | undefined;
  return item === undefined ? undefined : { item, selection: list.select(item.node, meta, path, item.key ?? key) };
}

/** A container or list entry below `from`, or undefined when it does not exist. */
export function* descend(from: Selection, step: TargetStep): Co<Selection | undefined> {
  const meta = step.meta;
  if (meta.kind === 'container') {
    if (from.node.child === undefined) return undefined;
    const path = childPath(from.path, meta);
    const a = from.node.child({ selection: from, path, meta, new: false, delete: false });
    const node = (isPending(a) ? yield a : a) as Node | undefined;
    return node === undefined ? undefined : from.select(node, meta, path);
  }
  if (meta.kind === 'list' && 'key' in step && step.key !== undefined) {
    const list = yield* listOf(from, meta);
    if (list === undefined) return undefined;
    const e = yield* entryOf(list, meta, step.key);
    return e?.selection;
  }
  return undefined;
}

/** Walks every step but the last; undefined when something on the way is missing. */
export function* navigate(root: Selection, steps: readonly TargetStep[]): Co<Selection | undefined> {
  let at: Selection | undefined = root;
  for (const step of steps.slice(0, -1)) {
    at = yield* descend(at, step);
    if (at === undefined) return undefined;
  }
  return at;
}
