/**
 * The body of a YANG Patch (RFC 8072 §2.1, module ietf-yang-patch):
 * `{"ietf-yang-patch:yang-patch": {"patch-id", "comment"?, "edit": [{"edit-id",
 * "operation", "target", "point"?, "where"?, "value"?}]}}` (the member names
 * plain or qualified, in both modes). Checked for its shape only; each
 * edit's target, point and value are read against the schema later, so
 * that their errors can name the edit.
 *
 * | problem | error-tag |
 * |---|---|
 * | not an object, no `yang-patch`, an edit not an object | invalid-value |
 * | a member that is not in the module | unknown-element |
 * | patch-id, edit-id, operation or target missing; value missing where the operation needs it, point missing for before and after | missing-element |
 * | a value that is not of its type (operation, where...), two edits with one edit-id, value given to delete, remove or move | invalid-value |
 */
import { bodyError } from './body-error.ts';

export type YangPatchOperation = 'create' | 'delete' | 'insert' | 'merge' | 'move' | 'replace' | 'remove';

export interface YangPatchEdit {
  readonly editId: string;
  readonly operation: YangPatchOperation;
  /** The target-resource-offset: an api-path relative to the request's target ("/" is the target). */
  readonly target: string;
  readonly where: 'before' | 'after' | 'first' | 'last';
  /** Relative as target; set for where before and after. */
  readonly point: string | undefined;
  readonly value: unknown;
}

export interface YangPatch {
  readonly patchId: string;
  readonly comment: string | undefined;
  readonly edits: readonly YangPatchEdit[];
}

const OPERATIONS: readonly string[] = ['create', 'delete', 'insert', 'merge', 'move', 'replace', 'remove'];
const WHERE: readonly string[] = ['before', 'after', 'first', 'last'];
const WITH_VALUE: readonly string[] = ['create', 'insert', 'merge', 'replace'];
const PATCH_MEMBERS = ['patch-id', 'comment', 'edit'];
const EDIT_MEMBERS = ['edit-id', 'operation', 'target', 'point', 'where', 'value'];
const MODULE = 'ietf-yang-patch';

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The members of `o` by their plain names (a qualifier must be ietf-yang-patch's). */
const members = (o: Record<string, unknown>, known: readonly string[], where: string): Map<string, unknown> => {
  const out = new Map<string, unknown>();
  for (const [label, value] of Object.entries(o)) {
    const name = label.startsWith(`${MODULE}:`) ? label.slice(MODULE.length + 1) : label;
    if (!known.includes(name)) throw bodyError('unknown-element', `${where} has no member "${label}" (RFC 8072 §2.1)`);
    out.set(name, value);
  }
  return out;
};

const text = (m: Map<string, unknown>, name: string, where: string, required: boolean): string | undefined => {
  const v = m.get(name);
  if (v === undefined) {
    if (required) throw bodyError('missing-element', `${where} needs "${name}"`);
    return undefined;
  }
  if (typeof v !== 'string' || v === '') throw bodyError('invalid-value', `"${name}" of ${where} must be a non-empty string`);
  return v;
};

const decodeEdit = (raw: unknown, i: number, seen: Set<string>): YangPatchEdit => {
  if (!isObject(raw)) throw bodyError('invalid-value', `edit #${i + 1} of the yang-patch must be an object`);
  const m = members(raw, EDIT_MEMBERS, `edit #${i + 1}`);
  const editId = text(m, 'edit-id', `edit #${i + 1}`, true) as string;
  const where = `edit "${editId}"`;
  if (seen.has(editId)) throw bodyError('invalid-value', `two edits have the edit-id "${editId}" (the key of list "edit")`);
  seen.add(editId);
  const operation = text(m, 'operation', where, true) as string;
  if (!OPERATIONS.includes(operation)) throw bodyError('invalid-value', `"operation" of ${where} must be one of ${OPERATIONS.join(', ')}, not "${operation}"`);
  const target = text(m, 'target', where, true) as string;
  if (!target.startsWith('/')) throw bodyError('invalid-value', `"target" of ${where} must start with "/" (relative to the request's target), not "${target}"`);
  const place = text(m, 'where', where, false) ?? 'last';
  if (!WHERE.includes(place)) throw bodyError('invalid-value', `"where" of ${where} must be one of ${WHERE.join(', ')}, not "${place}"`);
  const point = text(m, 'point', where, false);
  const ordered = operation === 'insert' || operation === 'move';
  if (ordered && (place === 'before' || place === 'after') && point === undefined) throw bodyError('missing-element', `${where}: "where": "${place}" needs "point"`);
  if (point !== undefined && !(ordered && (place === 'before' || place === 'after'))) {
    throw bodyError('invalid-value', `"point" of ${where} is only used by insert and move with "where" before or after`);
  }
  if (point !== undefined && !point.startsWith('/')) throw bodyError('invalid-value', `"point" of ${where} must start with "/", not "${point}"`);
  const value = m.get('value');
  if (WITH_VALUE.includes(operation) && value === undefined) throw bodyError('missing-element', `${where}: operation ${operation} needs "value"`);
  if (!WITH_VALUE.includes(operation) && value !== undefined) throw bodyError('invalid-value', `${where}: operation ${operation} takes no "value"`);
  return { editId, operation: operation as YangPatchOperation, target, where: place as YangPatchEdit['where'], point, value };
};

export const decodeYangPatch = (json: unknown): YangPatch => {
  if (!isObject(json)) throw bodyError('invalid-value', 'a YANG Patch body is a JSON object holding "ietf-yang-patch:yang-patch"');
  const outer = members(json, ['yang-patch'], 'the body');
  const patch = outer.get('yang-patch');
  if (!isObject(patch)) throw bodyError('invalid-value', 'a YANG Patch body holds "ietf-yang-patch:yang-patch", an object');
  const m = members(patch, PATCH_MEMBERS, 'the yang-patch');
  const patchId = text(m, 'patch-id', 'the yang-patch', true) as string;
  const comment = text(m, 'comment', 'the yang-patch', false);
  const edits = m.get('edit');
  // List "edit" has no min-elements (RFC 8072 §2.2): a patch with no edits, "edit" empty or absent, is a patch that changes nothing.
  if (edits === undefined) return { patchId, comment, edits: [] };
  if (!Array.isArray(edits)) throw bodyError('invalid-value', '"edit" of the yang-patch must be an array');
  const seen = new Set<string>();
  return { patchId, comment, edits: edits.map((e, i) => decodeEdit(e, i, seen)) };
};
