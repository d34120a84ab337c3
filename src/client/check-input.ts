/**
 * A client's input (a command's, or the device's plain-JSON calls')
 * checked against the schema the server
 * publishes, as the server itself will decode it (src/http/core/body): the
 * path resolved, the JSON parsed (positioned syntax errors), then by
 * method — PUT and PATCH: the target's body (the datastore, a module root
 * or a data resource), a PUT of the datastore also validated as a whole
 * (mandatory, unique, when, must, leafrefs: it is the whole
 * configuration); POST: the new child; an rpc or action: its input, with
 * its defaults, mandatory nodes and constraints. All problems are
 * collected; none means the input may be sent.
 */
import { checkedInput } from '../actors/operations/checked-input.ts';
import { parseJsonText } from '../data/json/index.ts';
import { RestconfFailure, type RestconfError } from '../errors/index.ts';
import { resolveApiPath } from '../http/core/api-path/index.ts';
// each decoder from its own file: the folder's index also brings the form readers (and busboy) into the command's start
import { decodeChildBody } from '../http/core/body/decode-child-body.ts';
import { decodeDatastoreBody } from '../http/core/body/decode-datastore-body.ts';
import { decodeInput } from '../http/core/body/decode-input.ts';
import { decodeModuleBody } from '../http/core/body/decode-module-body.ts';
import { decodeTargetBody } from '../http/core/body/decode-target-body.ts';
import type { OperationMeta } from '../meta/meta.ts';
import { validateTree } from '../validate/index.ts';
import type { RemoteDevice } from './remote-device.ts';

export type InputMethod = 'PUT' | 'PATCH' | 'POST';

const check = (run: () => readonly RestconfError[] | void): readonly RestconfError[] => {
  try {
    return run() ?? [];
  } catch (e) {
    if (e instanceof RestconfFailure) return e.errors;
    throw e;
  }
};

/** `text` undefined: no body (an rpc or action without input). */
export const checkInput = (device: RemoteDevice, method: InputMethod, path: string, text: string | undefined): readonly RestconfError[] => {
  const strict = device.link.strict;
  const resolved = resolveApiPath(path, device, strict);
  if (!resolved.ok) return [resolved.error];
  const target = resolved.target;
  if (text === undefined && target.kind === 'operation') {
    return check(() => void checkedInput(undefined, target.meta as OperationMeta, target.path, device.schema));
  }
  const parsed = parseJsonText(text ?? '');
  if (!parsed.ok) return parsed.errors;
  const scope = { strict, schema: device.schema, numbers: parsed.numbers };
  const json = parsed.value;
  return check(() => {
    if (target.kind === 'operation') {
      const op = target.meta as OperationMeta;
      const input = decodeInput({ value: json, numbers: parsed.numbers }, op, target.path, scope);
      checkedInput(input, op, target.path, device.schema);
      return;
    }
    if (method === 'POST') {
      decodeChildBody(json, target, device, scope);
      return;
    }
    if (target.kind === 'datastore') {
      const roots = decodeDatastoreBody(json, device, scope);
      return method === 'PUT' ? validateTree(roots, { content: 'config', schema: device.schema }) : undefined;
    }
    if (target.kind === 'module') {
      decodeModuleBody(json, target.meta as never, scope);
      return;
    }
    decodeTargetBody(json, target, scope);
  });
};

/** An rpc's or action's input, given bare (`{"name": "x"}`) or wrapped (`{"mod:input": …}`), as RESTCONF wants it: wrapped. */
export const inputBody = (value: unknown, op: { readonly module: string }): unknown => {
  const names = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.keys(value) : [];
  if (names.length === 1 && (names[0] === `${op.module}:input` || names[0] === 'input')) return value;
  return { [`${op.module}:input`]: value ?? {} };
};

/** inputBody of a JSON text; a text that is not JSON is kept (its check reports where it fails). */
export const wrapInput = (text: string, op: { readonly module: string }): string => {
  const parsed = parseJsonText(text);
  if (!parsed.ok) return text;
  return inputBody(parsed.value, op) === parsed.value ? text : `{"${op.module}:input":${text}}`;
};
