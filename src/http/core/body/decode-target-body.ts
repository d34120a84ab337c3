/**
 * The body of a PUT or PATCH of a data resource (RFC 8040 §4.5, §4.6.1): the
 * target as its only member — a list entry as a one-element array whose key
 * leaves equal the path's, a leaf-list entry as a one-element array of the
 * path's value.
 */
import type { FieldValue, TargetStep } from '../../../actors/index.ts';
import { DataContainer } from '../../../data/data-container.ts';
import { formatPath, type DataPath } from '../../../data/data-path.ts';
import type { DataNodeMeta } from '../../../meta/meta.ts';
import type { YangValue } from '../../../types/index.ts';
import type { ResolvedTarget } from '../api-path/index.ts';
import { bodyError } from './body-error.ts';
import { decodeMember, type DecodeScope } from './decode-member.ts';
import { sameValue } from './same-value.ts';
import { expectMember, singleMember } from './single-member.ts';

const withoutValue = (path: DataPath, meta: DataNodeMeta): DataPath => ({ segments: [...path.segments.slice(0, -1), { meta }] });

const checkKeys = (entry: DataContainer, step: TargetStep, at: string): void => {
  if (step.meta.kind !== 'list' || !('key' in step) || step.key === undefined) return;
  const key = step.key;
  step.meta.keys.forEach((k, i) => {
    if (!sameValue(k.type, entry.get(k) as YangValue | undefined, key[i])) {
      throw bodyError('invalid-value', `key leaf "${k.name}" in the body must equal the key value in the path`, at);
    }
  });
};

export const decodeTargetBody = (json: unknown, target: ResolvedTarget, scope: DecodeScope): DataContainer | FieldValue => {
  const meta = target.meta as DataNodeMeta;
  const at = formatPath(target.path);
  const member = singleMember(json, `the target "${meta.name}"`, at);
  expectMember(member, meta, at);
  const last = target.steps[target.steps.length - 1] as TargetStep;
  if (target.kind === 'leaf-list-entry' && meta.kind === 'leaf-list' && 'value' in last) {
    const values = decodeMember(meta, member.value, withoutValue(target.path, meta), scope) as readonly YangValue[];
    if (values.length !== 1 || !sameValue(meta.type, values[0], last.value)) {
      throw bodyError('invalid-value', `the body must hold the one value of the leaf-list entry in the path`, at);
    }
    return values;
  }
  const input = decodeMember(meta, member.value, target.path, scope);
  if (input instanceof DataContainer) checkKeys(input, last, at);
  return input;
};
