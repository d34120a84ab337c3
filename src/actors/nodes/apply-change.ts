/**
 * Replays a stored change on the data tree through the same nodes that
 * made it (DataContainerNode, DataListNode), so a replay does exactly what
 * the edit did. Returns a message when a path does not resolve.
 */
import type { ListItem, Node } from '../node.ts';
import { DataContainerNode } from './data-node.ts';
import type { ChildRequest, FieldRequest, NextRequest } from '../requests.ts';
import { DataContainer } from '../../data/data-container.ts';
import { formatPath, type DataPath, type PathSegment } from '../../data/data-path.ts';
import type { ContainerMeta, ListMeta } from '../../meta/meta.ts';
import type { ChangeOp, StoredChange } from '../../store/change-op.ts';

// Data nodes answer synchronously and read neither the selection nor the path.
const base = { selection: undefined as never, path: { segments: [] } as DataPath };

const child = (n: Node, meta: ContainerMeta | ListMeta, make: boolean, remove = false): Node | undefined =>
  n.child?.({ ...base, meta, new: make, delete: remove } satisfies ChildRequest) as Node | undefined;

const entry = (list: Node, s: PathSegment, make: boolean, remove = false, row = Number.MAX_SAFE_INTEGER, move = false): Node | undefined =>
  (list.next?.({ ...base, meta: s.meta as ListMeta, key: s.key, row, new: make, delete: remove, move } satisfies NextRequest) as ListItem | undefined)?.node;

/** The node of `s` below `at` (a list entry when `s` has a key). */
const down = (at: Node, s: PathSegment, make: boolean): Node | undefined => {
  const n = child(at, s.meta as ContainerMeta | ListMeta, make);
  return n === undefined || s.key === undefined ? n : entry(n, s, make);
};

const applyOp = (root: DataContainer, op: ChangeOp): boolean => {
  const segs = op.path.segments;
  let at: Node | undefined = new DataContainerNode(root);
  for (let i = 0; i < segs.length - 1 && at !== undefined; i++) at = down(at, segs[i] as PathSegment, false);
  if (at === undefined) return false;
  const last = segs[segs.length - 1] as PathSegment;
  const meta = last.meta;
  if (meta.kind === 'leaf' || meta.kind === 'leaf-list' || meta.kind === 'anydata' || meta.kind === 'anyxml') {
    if (op.op === 'created') return false;
    at.field?.({ ...base, meta, write: true, value: op.op === 'wrote' ? op.value : undefined } satisfies FieldRequest);
    return true;
  }
  if (meta.kind !== 'container' && meta.kind !== 'list') return false;
  if (op.op === 'created' && op.row !== undefined && meta.kind === 'list' && last.key !== undefined) {
    const list = child(at, meta, true);
    return list !== undefined && entry(list, last, true, false, op.row) !== undefined;
  }
  if (op.op === 'created') return down(at, last, true) !== undefined;
  if (op.op === 'moved') {
    const list = meta.kind === 'list' && last.key !== undefined ? child(at, meta, false) : undefined;
    return list !== undefined && entry(list, last, false, false, op.row, true) !== undefined;
  }
  if (op.op !== 'removed') return false;
  if (meta.kind === 'list' && last.key !== undefined) {
    const list = child(at, meta, false);
    if (list !== undefined) entry(list, last, false, true);
  } else {
    child(at, meta, false, true);
  }
  return true;
};

/** Applies `change` to its module's root in `roots`; the paths that did not resolve, formatted. */
export const applyChange = (roots: Map<string, DataContainer>, change: StoredChange): string[] => {
  let root = roots.get(change.module.name);
  if (root === undefined) {
    root = new DataContainer(change.module);
    roots.set(change.module.name, root);
  }
  if ('image' in change) {
    root.values.clear();
    for (const [m, v] of change.image.values) root.values.set(m, v);
    return [];
  }
  const missed: string[] = [];
  for (const op of change.ops) if (!applyOp(root, op)) missed.push(`${op.op} ${formatPath(op.path)}`);
  return missed;
};
