/**
 * The value of a field as nodes see it: a YangValue for a leaf, an array of
 * them for a leaf-list, `{ any }` for anydata/anyxml (see src/types/value.ts
 * for the JavaScript type of each YANG type).
 */
import type { AnyValue } from './data-container.ts';
import type { YangValue } from '../types/value.ts';

export type FieldValue = YangValue | readonly YangValue[] | AnyValue;
