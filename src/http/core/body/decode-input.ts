/**
 * The body of an rpc or action invocation (RFC 8040 §3.6.1) → its input.
 * Strict: `{"<module>:input": {...}}`. Simplified: the bare input members,
 * or the strict form (a sole member `<module>:input`, or `input` when the
 * input has no node named so). No body: no input.
 */
import { DataContainer } from '../../../data/data-container.ts';
import { formatPath, type DataPath } from '../../../data/data-path.ts';
import { decodeData } from '../../../data/json/index.ts';
import { RestconfFailure } from '../../../errors/index.ts';
import type { OperationMeta } from '../../../meta/meta.ts';
import { findDataChild } from '../../../meta/navigate.ts';
import { bodyError } from './body-error.ts';
import type { DecodeScope } from './decode-member.ts';
import type { JsonBody } from './read-json-body.ts';
import { expectMember, singleMember } from './single-member.ts';

const isWrapped = (json: unknown, op: OperationMeta): boolean => {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return false;
  const names = Object.keys(json);
  return names.length === 1 && (names[0] === `${op.module.name}:input` || (names[0] === 'input' && findDataChild(op.input, undefined, 'input') === undefined));
};

export const decodeInput = (body: JsonBody | undefined, op: OperationMeta, path: DataPath, scope: DecodeScope): DataContainer | undefined => {
  if (body === undefined) return undefined;
  const at = formatPath(path);
  let json = body.value;
  if (scope.strict || isWrapped(json, op)) {
    const member = singleMember(json, `"${op.module.name}:input"`, at);
    expectMember(member, { name: 'input', module: op.module }, at);
    json = member.value;
  }
  if (!op.hasInput) {
    const empty = typeof json === 'object' && json !== null && !Array.isArray(json) && Object.keys(json).length === 0;
    if (empty) return undefined;
    throw bodyError('unknown-element', `${op.kind} "${op.name}" takes no input`, at);
  }
  const r = decodeData(json, op.input, { strict: scope.strict, content: 'all', schema: scope.schema, path, numbers: scope.numbers });
  if (!r.ok) throw new RestconfFailure(r.errors);
  return r.value instanceof DataContainer ? r.value : undefined;
};
