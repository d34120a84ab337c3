/**
 * RFC 8040 §4.8.5-6 insert and point, on POST and PUT of an entry of an
 * ordered-by user list or leaf-list: where the entry goes (`first`, `last`,
 * `before` or `after` the entry `point` names, an api-path from the
 * datastore's root, e.g. `/mod:top/song=2`). Their values are read here;
 * edit-parameters.ts checks that they fit together and the target.
 */
import { parsed, refused, required, type QueryParameter } from './query-parameter.ts';

export type InsertWhere = 'first' | 'last' | 'before' | 'after';

const WHERE: readonly string[] = ['first', 'last', 'before', 'after'];

export const insert: QueryParameter<InsertWhere> = {
  name: 'insert',
  use: 'edit',
  parse: (value) => (value !== undefined && WHERE.includes(value) ? parsed(value as InsertWhere) : refused(`must be first, last, before or after, not "${value ?? ''}"`)),
};

export const point: QueryParameter<string> = {
  name: 'point',
  use: 'edit',
  parse: (value) => {
    const r = required(value);
    if (!r.ok) return r;
    return r.value.startsWith('/') ? r : refused(`must be the api-path of a list or leaf-list entry, from "/" (e.g. /mod:top/entry=key), not "${r.value}"`);
  },
};
