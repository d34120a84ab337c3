/**
 * The change event of a committed edit (change-event.ts): its target as
 * the api-path of the edited instance (a list entry by its keys, a
 * leaf-list entry by its value: RFC 8072 §2.4 `target`, a data resource
 * identifier), and what was written as RFC 8072 `value` — "the value MUST
 * be the target resource" (§2.5), an object holding the target's member as
 * in RFC 8072's examples, for a leaf as for a container.
 */
import { DataContainer, type DataValue, type HolderMeta } from '../../data/data-container.ts';
import type { DataPath, PathSegment } from '../../data/data-path.ts';
import { encodeValue } from '../../data/json/encode-members.ts';
import { memberLabel } from '../../data/json/member-label.ts';
import { holderIndex } from '../../data/json/name-index.ts';
import { resourcePath } from '../../data/resource-path.ts';
import type { DataNodeMeta } from '../../meta/meta.ts';
import type { ChangeEvent } from '../change-event.ts';
import type { FieldValue } from '../../data/field-value.ts';

type Input = DataContainer | FieldValue | undefined;

/** The data value of the target's member: a list entry is a list of one, a leaf-list entry a leaf-list of one. */
const memberValue = (meta: DataNodeMeta, input: Input): DataValue => {
  if (meta.kind === 'list') return [input as DataContainer];
  if (meta.kind === 'leaf-list') return (Array.isArray(input) ? input : [input]) as DataValue;
  return input as DataValue;
};

/** `{"<member>": value}` of the target in RFC 7951 (`strict`) or the simplified form. */
const valueObject = (meta: DataNodeMeta, holder: HolderMeta, value: DataValue, strict: boolean): Record<string, unknown> =>
  ({ [memberLabel(meta, undefined, strict, holderIndex(holder))]: encodeValue(meta, value, { strict }) });

/** The event of a change of `path` (the edited instance: stepsPath of an edit's steps); `input` what was written. */
export const changeOf = (module: string, path: DataPath, operation: ChangeEvent['operation'], input: Input, time: string): ChangeEvent => {
  const base = { module, target: path.segments.length === 0 ? '/' : resourcePath(path), path, operation, time };
  const segments = path.segments;
  const last = segments[segments.length - 1];
  if (operation === 'delete' || operation === 'move' || input === undefined || last === undefined) return base;
  const meta = last.meta as DataNodeMeta;
  const holder = (segments.length > 1 ? (segments[segments.length - 2] as PathSegment).meta : meta.module) as HolderMeta;
  const value = memberValue(meta, input);
  return { ...base, value: valueObject(meta, holder, value, true), plainValue: valueObject(meta, holder, value, false) };
};
