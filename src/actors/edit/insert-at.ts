/**
 * Where an edit puts an entry of an ordered-by user list or leaf-list (RFC
 * 8040 §4.8.5-6 insert and point, RFC 8072 where and point): first, last,
 * or before or after another entry of the same list. A list entry's place
 * is given to its list node as a row (NextRequest.row; `move` for an entry
 * that exists); a leaf-list is written whole, in its new order.
 */
import { childPath, formatPath } from '../../data/data-path.ts';
import { keyString } from '../../data/list-index.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { LeafListMeta, ListMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import { isPending } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { ListItem } from '../node.ts';
import type { Selection } from '../selection.ts';

export type InsertAt =
  | { readonly where: 'first' }
  | { readonly where: 'last' }
  /** `point`: the key values of the list entry, or the one value of the leaf-list entry, to insert next to. */
  | { readonly where: 'before' | 'after'; readonly point: readonly YangValue[] };

const LAST = Number.MAX_SAFE_INTEGER;

const pointError = (message: string, path: string): RestconfFailure =>
  new RestconfFailure([restconfError('bad-attribute', message, { type: 'protocol', path, info: { 'bad-attribute': 'point' } })]);

/** bad-attribute: the entry `point` names does not exist (RFC 7950 §7.8.6: the insertion point must be an existing entry). */
export const pointMissing = (path: string): RestconfFailure => pointError(`the insertion point ${path} does not exist`, path);

const pointIsSelf = (path: string): RestconfFailure => pointError(`the insertion point ${path} is the entry being placed`, path);

/** `value` placed among `values` (where it is first removed from). */
export const placeValue = (meta: LeafListMeta, holderPath: Selection['path'], values: readonly YangValue[], value: YangValue, insert: InsertAt): YangValue[] => {
  const own = keyString([value]);
  const rest = values.filter((v) => keyString([v]) !== own);
  if (insert.where === 'first') return [value, ...rest];
  if (insert.where === 'last') return [...rest, value];
  const point = insert.point[0] as YangValue;
  const path = formatPath(childPath(holderPath, meta, [point]));
  if (keyString([point]) === own) throw pointIsSelf(path);
  const at = rest.findIndex((v) => keyString([v]) === keyString([point]));
  if (at < 0) throw pointMissing(path);
  const to = insert.where === 'before' ? at : at + 1;
  return [...rest.slice(0, to), value, ...rest.slice(to)];
};

/**
 * The row an entry goes to in the list `list` (a list selection): for a
 * new entry (`self` undefined), its row among the entries; for an entry
 * that moves, its row among the others. Before or after another entry, the
 * list is read by row up to that entry.
 */
export function* rowFor(list: Selection, meta: ListMeta, self: readonly YangValue[] | undefined, insert: InsertAt): Co<number> {
  if (insert.where === 'first') return 0;
  if (insert.where === 'last') return LAST;
  const base = list.parent?.path ?? list.path;
  const path = formatPath(childPath(base, meta, insert.point));
  const pointKey = keyString(insert.point);
  const selfKey = self === undefined ? undefined : keyString(self);
  if (selfKey === pointKey) throw pointIsSelf(path);
  let point = -1;
  let own = -1;
  for (let row = 0; point < 0 || (selfKey !== undefined && own < 0); row++) {
    const a = list.node.next?.({ selection: list, path: list.path, meta, key: undefined, row, new: false, delete: false });
    const item = (isPending(a) ? yield a : a) as ListItem | undefined;
    if (item === undefined) break;
    const k = item.key === undefined ? undefined : keyString(item.key);
    if (k === pointKey) point = row;
    else if (k === selfKey) own = row;
  }
  if (point < 0) throw pointMissing(path);
  const at = own >= 0 && own < point ? point - 1 : point;
  return insert.where === 'before' ? at : at + 1;
}
