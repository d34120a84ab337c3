/**
 * rx.range=<list_path>!<N>-<M>: rows N through M (0-based, both inclusive)
 * of the list at list_path, a path of data node names below the target
 * (`library/artist`, a qualifier where the module changes). When the target
 * is the list itself its own name, or nothing, names it: `rx.range=!0-9`.
 * On the datastore the path starts with `<module>:<top-level node>`.
 */
import type { RowRange } from '../../../actors/index.ts';
import type { ContainerMeta, ListMeta, ModuleMeta } from '../../../meta/meta.ts';
import { findDataChild } from '../../../meta/navigate.ts';
import { fieldHolder } from './field-holder.ts';
import { parsed, refused, required, type Parsed, type QueryParameter, type QueryScope } from './query-parameter.ts';

const STEP = /^(?:([A-Za-z_][A-Za-z0-9_.-]*):)?([A-Za-z_][A-Za-z0-9_.-]*)$/;

/** The top-level node a datastore-wide path starts with: it names its module. */
const topLevel = (step: string, scope: QueryScope): Parsed<ContainerMeta | ListMeta> => {
  const m = STEP.exec(step);
  const module = m?.[1] === undefined ? undefined : scope.schema.modules.get(m[1]);
  const node = module === undefined ? undefined : findDataChild(module, undefined, m?.[2] ?? '');
  if (node === undefined || (node.kind !== 'container' && node.kind !== 'list')) {
    return refused(`on the datastore, the path starts with a module's container or list, as "<module>:<name>", not "${step}"`);
  }
  return parsed(node);
};

const listAt = (path: string, scope: QueryScope): Parsed<ListMeta> => {
  if (scope.target === undefined) {
    const [first = '', ...rest] = path.split('/');
    const top = topLevel(first, scope);
    if (!top.ok) return top;
    return rest.length === 0 ? (top.value.kind === 'list' ? parsed(top.value) : refused(`"${path}" names no list`)) : listAt(rest.join('/'), { ...scope, target: top.value });
  }
  const holder = fieldHolder(scope);
  if (!holder.ok) return holder;
  const start = holder.value;
  if (start.kind === 'list' && (path === '' || path === start.name || path === `${start.module.name}:${start.name}`)) return parsed(start);
  let at: ModuleMeta | ContainerMeta | ListMeta | undefined = start.kind === 'module' || start.kind === 'container' || start.kind === 'list' ? start : undefined;
  for (const step of path.split('/')) {
    const m = STEP.exec(step);
    if (m === null) return refused(`"${step}" is not a data node name`);
    const next = at === undefined ? undefined : findDataChild(at, m[1], m[2] ?? '');
    if (next === undefined || (next.kind !== 'container' && next.kind !== 'list')) return refused(`"${path}" names no list below "${start.name}"`);
    at = next;
  }
  if (at === undefined) return refused(`"${path}" names no list`);
  return at.kind === 'list' ? parsed(at) : refused(`"${path}" names ${at.kind} "${at.name}", not a list`);
};

export const range: QueryParameter<RowRange> = {
  name: 'rx.range',
  use: 'read',
  parse: (value, scope) => {
    const v = required(value);
    if (!v.ok) return v;
    const bang = v.value.lastIndexOf('!');
    const rows = /^([0-9]{1,15})-([0-9]{1,15})$/.exec(bang < 0 ? '' : v.value.slice(bang + 1));
    if (rows === null) return refused(`expected <list_path>!<N>-<M>, got "${v.value}"`);
    const from = Number(rows[1]);
    const to = Number(rows[2]);
    if (from > to) return refused(`the first row ${from} is after the last row ${to}`);
    const list = listAt(v.value.slice(0, bang), scope);
    return list.ok ? parsed({ list: list.value, from, to }) : list;
  },
};
