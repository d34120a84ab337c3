/**
 * Form fields → the JSON of an operation's input, which decodeData then
 * checks like any JSON input (so a form's errors read as a JSON body's).
 *
 * | field | input node | becomes |
 * |---|---|---|
 * | `name=text`, `c/name=text` (containers between, `module:` prefix allowed) | leaf | the text in its type (`42` a number, `on` true for boolean, `on` `[null]` for empty) |
 * | the same name repeated | leaf-list | one value each |
 * | a JSON part (multipart with `Content-Type: application/json`) or any value for these | list, container, anydata | the parsed JSON; a list takes an object (one entry) or an array, repeatable |
 * | an empty value | any | not given (an unchecked box, an empty optional field) |
 */
import type { AnydataMeta, DataNodeMeta, IoMeta, LeafListMeta, LeafMeta, OperationMeta, SchemaContext } from '../../../meta/meta.ts';
import { findDataChild } from '../../../meta/navigate.ts';
import { qualifiedName } from '../../../meta/qualified-name.ts';
import { decodeString, encodeJson } from '../../../types/index.ts';
import { restconfError, type RestconfError } from '../../../errors/index.ts';
import { identityLookup } from '../identity-lookup.ts';

export interface FormField {
  readonly name: string;
  readonly value: string;
  /** The part said `Content-Type: application/json`. */
  readonly json: boolean;
}

/** Where a field's name leads: the JSON member names from the input down, and the node there. */
export interface FieldTarget {
  readonly members: readonly string[];
  readonly meta: DataNodeMeta;
}

type JsonObject = Record<string, unknown>;

const fieldError = (message: string, at: string): RestconfError =>
  restconfError('invalid-value', message, { type: 'application', path: at });

/** `c/name` or `mod:c/mod:name` → its node under the input; containers only between. */
export const fieldTarget = (op: OperationMeta, name: string): FieldTarget | string => {
  let holder: IoMeta | DataNodeMeta = op.input;
  const members: string[] = [];
  const steps = name.split('/');
  for (const [i, step] of steps.entries()) {
    if (holder.kind !== 'input' && holder.kind !== 'container') return `"${steps.slice(0, i).join('/')}" is a ${holder.kind}: only containers lead on`;
    const colon = step.indexOf(':');
    const module = colon < 0 ? undefined : step.slice(0, colon);
    const local = colon < 0 ? step : step.slice(colon + 1);
    const meta = findDataChild(holder, module, local);
    if (meta === undefined) return `${op.kind} "${op.name}" has no input node "${steps.slice(0, i + 1).join('/')}"`;
    members.push(qualifiedName(meta, op.module));
    holder = meta;
  }
  return { members, meta: holder as DataNodeMeta };
};

const leafValue = (meta: LeafMeta | LeafListMeta, text: string, schema: SchemaContext): unknown => {
  if (meta.type.base === 'boolean' && text === 'on') return true;
  if (meta.type.base === 'empty') return text === 'false' ? undefined : [null];
  const identity = identityLookup(schema);
  const r = decodeString(meta.type, text, { qualifier: 'module', leafModule: meta.module.name, identity, schema });
  // An invalid text goes on as a string: decodeData reports it with the type's own message.
  return r.ok ? encodeJson(meta.type, r.value, { strict: false, leafModule: meta.module.name, identity }) : text;
};

const parseJson = (field: FormField, at: string, errors: RestconfError[]): unknown => {
  try {
    return JSON.parse(field.value) as unknown;
  } catch (e) {
    errors.push(restconfError('malformed-message', `form field "${field.name}" is not JSON: ${(e as Error).message}`, { type: 'rpc', path: at }));
    return undefined;
  }
};

const holderOf = (root: JsonObject, members: readonly string[]): JsonObject => {
  let o = root;
  for (const m of members) {
    const next = o[m];
    o = typeof next === 'object' && next !== null && !Array.isArray(next) ? next as JsonObject : (o[m] = {});
  }
  return o;
};

/** The input's JSON from the fields; every field's problem collected. `at` is the operation's path. */
export const formFieldsJson = (fields: readonly FormField[], op: OperationMeta, schema: SchemaContext, at: string, errors: RestconfError[]): JsonObject => {
  const json: JsonObject = {};
  for (const field of fields) {
    if (field.value === '') continue;
    const target = fieldTarget(op, field.name);
    if (typeof target === 'string') {
      errors.push(restconfError('unknown-element', `form field "${field.name}": ${target}`, { type: 'application', path: at }));
      continue;
    }
    const { members, meta } = target;
    const name = members[members.length - 1] as string;
    const holder = holderOf(json, members.slice(0, -1));
    if (meta.kind === 'leaf') {
      if (name in holder) errors.push(fieldError(`form field "${field.name}" is given more than once`, at));
      const v = field.json ? parseJson(field, at, errors) : leafValue(meta, field.value, schema);
      if (v !== undefined) holder[name] = v;
    } else if (meta.kind === 'leaf-list') {
      const v = field.json ? parseJson(field, at, errors) : leafValue(meta, field.value, schema);
      if (v !== undefined) holder[name] = [...(holder[name] as unknown[] | undefined ?? []), ...(field.json && Array.isArray(v) ? v : [v])];
    } else {
      const v = parseJson(field, at, errors);
      if (v === undefined) continue;
      if (meta.kind === 'list') holder[name] = [...(holder[name] as unknown[] | undefined ?? []), ...(Array.isArray(v) ? v : [v])];
      else if (meta.kind === 'container' && typeof v === 'object' && v !== null && !Array.isArray(v)) Object.assign(holderOf(holder, [name]), v);
      else holder[name] = v;
    }
  }
  return json;
};

/** Whether a file part may stream into this node: a binary leaf, or anydata/anyxml. */
export const takesFile = (meta: DataNodeMeta): meta is LeafMeta | AnydataMeta =>
  (meta.kind === 'leaf' && meta.type.base === 'binary') || meta.kind === 'anydata' || meta.kind === 'anyxml';
