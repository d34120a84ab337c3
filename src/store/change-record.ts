/**
 * A committed change as one journal record (a JSON object):
 * `{"m":"mod","o":[["c",path],["c",path,row],["v",path,row],["r",path],["w",path,value],…]}` for the node
 * calls of an edit (`row`: where an entry of an ordered-by user list was
 * inserted, or moved with "v"), `{"m":"mod","img":{…}}` (the module's data, RFC 7951)
 * when some change had no path. Records hold what changed, never the rest.
 * A transaction that changed several modules is one record,
 * `{"t":[<record>,<record>,…]}`, so that a crash keeps all of it or none.
 */
import type { FieldValue } from '../data/field-value.ts';
import type { DataPath } from '../data/data-path.ts';
import { decodeData, encodeData } from '../data/json/index.ts';
import type { DataNodeMeta, SchemaContext } from '../meta/meta.ts';
import type { ChangeOp, StoredChange } from './change-op.ts';
import { decodeRecordPath, encodeRecordPath } from './record-path.ts';
import { decodeFieldValue, encodeFieldValue } from './record-value.ts';

const CODES = { created: 'c', moved: 'v', removed: 'r', wrote: 'w' } as const;

const isRow = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

const lastMeta = (p: DataPath): DataNodeMeta => p.segments[p.segments.length - 1]?.meta as DataNodeMeta;

/**
 * The record of `change` as JSON text, written as text (the journal writes
 * one per committed edit: no record object, arrays of paths and generic
 * stringify walk); undefined when one of its paths cannot be named (store
 * an image instead).
 */
export const encodeChange = (change: StoredChange, schema: SchemaContext): string | undefined => {
  const m = change.module.name;
  if ('image' in change) return JSON.stringify({ m, img: encodeData(change.image, { strict: true, schema }) });
  let o = '';
  for (const op of change.ops) {
    const path = encodeRecordPath(op.path, change.module);
    if (path === undefined || op.path.segments.length === 0) return undefined;
    if (o !== '') o += ',';
    // JSON.stringify answers undefined where an array holds null
    if (op.op === 'wrote') o += `["${CODES.wrote}",${path},${JSON.stringify(encodeFieldValue(lastMeta(op.path), op.value)) ?? 'null'}]`;
    else if (op.op === 'moved' || (op.op === 'created' && op.row !== undefined)) o += `["${CODES[op.op]}",${path},${JSON.stringify(op.row) ?? 'null'}]`;
    else o += `["${CODES[op.op]}",${path}]`;
  }
  return `{"m":${JSON.stringify(m)},"o":[${o}]}`;
};

/** The record of one transaction's changes of several modules, from the records of each (encodeChange). */
export const encodeGroup = (records: readonly string[]): string => `{"t":[${records.join(',')}]}`;

/** The changes a record holds (one, or a transaction's several), or a message saying why it cannot be read. */
export const decodeChanges = (record: unknown, schema: SchemaContext): StoredChange[] | string => {
  const t = typeof record === 'object' && record !== null ? (record as { t?: unknown }).t : undefined;
  if (t === undefined) {
    const one = decodeChange(record, schema);
    return typeof one === 'string' ? one : [one];
  }
  if (!Array.isArray(t)) return '"t" holds the records of a transaction';
  const changes: StoredChange[] = [];
  for (const r of t as unknown[]) {
    const c = decodeChange(r, schema);
    if (typeof c === 'string') return c;
    changes.push(c);
  }
  return changes;
};

/** The change a record holds, or a message saying why it cannot be read. */
export const decodeChange = (record: unknown, schema: SchemaContext): StoredChange | string => {
  if (typeof record !== 'object' || record === null) return 'a record must be an object';
  const r = record as { m?: unknown; o?: unknown; img?: unknown };
  const module = typeof r.m === 'string' ? schema.modules.get(r.m) : undefined;
  if (module === undefined) return `unknown module ${String(r.m)}`;
  if (r.img !== undefined) {
    const d = decodeData(r.img, module, { strict: true, content: 'all', schema });
    return d.ok ? { module, image: d.value } : d.errors.map((e) => `${e.path ?? ''} ${e.message}`).join('; ');
  }
  if (!Array.isArray(r.o)) return 'a record holds "o" or "img"';
  const ops: ChangeOp[] = [];
  for (const raw of r.o as unknown[]) {
    if (!Array.isArray(raw)) return 'an operation must be an array';
    const path = decodeRecordPath(raw[1], module);
    if (typeof path === 'string') return path;
    if (path.segments.length === 0) return 'an operation needs a path';
    if (raw[0] === CODES.created) {
      if (raw[2] !== undefined && !isRow(raw[2])) return 'a row must be a non-negative integer';
      ops.push(isRow(raw[2]) ? { op: 'created', path, row: raw[2] } : { op: 'created', path });
    } else if (raw[0] === CODES.moved) {
      if (!isRow(raw[2])) return 'a row must be a non-negative integer';
      ops.push({ op: 'moved', path, row: raw[2] });
    } else if (raw[0] === CODES.removed) ops.push({ op: 'removed', path });
    else if (raw[0] === CODES.wrote) {
      const value: FieldValue | undefined = decodeFieldValue(lastMeta(path), raw[2]);
      if (value === undefined) return `not a value of ${lastMeta(path).name}`;
      ops.push({ op: 'wrote', path, value });
    } else return `unknown operation ${String(raw[0])}`;
  }
  return { module, ops };
};
