/**
 * The parameters of a POST or PUT of data (RFC 8040 §4.8.5 insert, §4.8.6
 * point): `checkEditParameters` reads their values and checks that they
 * come together (before the body is read); `insertAt` checks them against
 * the entry the request writes, once it is known, and says where it goes.
 *
 * | problem | error-tag |
 * |---|---|
 * | a bad value, `point` without `insert=before|after`, insert on anything but an entry of an ordered-by user list or leaf-list | invalid-value |
 * | `insert=before|after` without `point` | missing-attribute |
 * | `point` names no entry of the same list (another list, another parent, or an entry that does not exist) | bad-attribute |
 *
 * All 400, error-type protocol.
 */
import { stepsPath, type Device, type InsertAt, type TargetStep } from '../../../actors/index.ts';
import { formatPath, type DataPath } from '../../../data/data-path.ts';
import { restconfError, RestconfFailure, type RestconfError } from '../../../errors/index.ts';
import { resolveApiPath, type ResolvedTarget } from '../api-path/index.ts';
import { insert, point, type InsertWhere } from './insert-point.ts';
import type { QueryParams } from './parse-query.ts';
import { queryError } from './query-error.ts';
import type { QueryScope } from './query-parameter.ts';

export const checkEditParameters = (params: QueryParams, scope: QueryScope): RestconfError | undefined => {
  let where: InsertWhere | undefined;
  for (const p of [insert, point]) {
    if (!params.has(p.name)) continue;
    const r = p.parse(params.get(p.name), scope);
    if (!r.ok) return queryError(p.name, r.message);
    if (p === insert) where = r.value as InsertWhere;
  }
  const relative = where === 'before' || where === 'after';
  if (relative && !params.has(point.name)) {
    return restconfError('missing-attribute', `query parameter "insert=${where}" needs the query parameter "point" (RFC 8040 §4.8.5)`, {
      type: 'protocol', info: { 'bad-attribute': 'point', 'bad-element': 'insert' },
    });
  }
  if (!relative && params.has(point.name)) return queryError(point.name, 'is only valid with insert=before or insert=after (RFC 8040 §4.8.6)');
  return undefined;
};

const parentOf = (path: DataPath): string => formatPath({ segments: path.segments.slice(0, -1) });

const fail = (error: RestconfError): never => {
  throw new RestconfFailure([error]);
};

/** How the insert and point of a request are called in its errors: query parameters, or a YANG Patch edit's members. */
export interface PlacementNames {
  readonly insert: string;
  readonly point: string;
}

const QUERY: PlacementNames = { insert: 'query parameter "insert"', point: 'query parameter "point"' };

const invalid = (names: PlacementNames, which: 'insert' | 'point', message: string): RestconfError =>
  restconfError('invalid-value', `${names[which]}: ${message}`, { type: 'protocol', info: { parameter: which } });

/**
 * Where the entry `steps` name goes: `where`, and for before and after the
 * resolved `point` (written `pointText`). Throws the errors of the table above.
 */
export const placement = (
  where: InsertWhere, point: ResolvedTarget | undefined, pointText: string, steps: readonly TargetStep[], names: PlacementNames,
): InsertAt => {
  const last = steps[steps.length - 1];
  const meta = last?.meta;
  const entry = last !== undefined && (('key' in last && last.key !== undefined) || ('value' in last && last.value !== undefined));
  if (meta === undefined || !entry || (meta.kind !== 'list' && meta.kind !== 'leaf-list')) {
    return fail(invalid(names, 'insert', 'is only valid for an entry of a list or leaf-list that is ordered-by user (RFC 8040 §4.8.5)'));
  }
  if (meta.orderedBy !== 'user') return fail(invalid(names, 'insert', `is only valid for a list or leaf-list that is ordered-by user; ${meta.kind} "${meta.name}" is ordered-by system`));
  if (where === 'first' || where === 'last') return { where };
  const at = point?.steps[point.steps.length - 1];
  const own = stepsPath(steps);
  const values = at === undefined ? undefined : 'key' in at && at.key !== undefined ? at.key : 'value' in at && at.value !== undefined ? [at.value] : undefined;
  if (point === undefined || at?.meta !== meta || values === undefined || parentOf(point.path) !== parentOf(own)) {
    return fail(restconfError('bad-attribute', `${names.point}: ${pointText} is not an entry of the ${meta.kind} ${formatPath({ segments: [...own.segments.slice(0, -1), { meta }] })}`, {
      type: 'protocol', ...(point === undefined ? {} : { path: formatPath(point.path) }), info: { 'bad-attribute': 'point' },
    }));
  }
  return { where, point: values };
};

/** Where the entry `steps` name goes, from the request's insert and point query parameters; undefined without them. */
export const insertAt = (params: QueryParams, steps: readonly TargetStep[], device: Device, strict: boolean): InsertAt | undefined => {
  const where = params.get(insert.name) as InsertWhere | undefined;
  if (where === undefined) return undefined;
  if (where !== 'before' && where !== 'after') return placement(where, undefined, '', steps, QUERY);
  const raw = params.get(point.name) ?? '';
  const r = resolveApiPath(raw, device, strict);
  if (!r.ok) return fail(queryError(point.name, r.error.message));
  return placement(where, r.target, raw, steps, QUERY);
};
