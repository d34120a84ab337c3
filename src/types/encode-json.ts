import type { TypeMeta } from '../meta/meta.ts';
import type { JsonScalar } from './codec.ts';
import { codecFor } from './codec-for.ts';
import type { JsonEncodeOptions } from './options.ts';
import type { YangValue } from './value.ts';

/**
 * The RFC 7951 JSON value of a (valid) runtime value: int64, uint64 and
 * decimal64 as strings, empty as `[null]`, bits space-separated, identityref
 * qualified when its module differs from `options.leafModule`. With
 * `options.strict` false, int64/uint64 values with |v| ≤ 2^53 − 1 are JSON
 * numbers (larger ones stay strings, so no client ever reads a rounded value).
 */
export const encodeJson = (type: TypeMeta, value: YangValue, options: JsonEncodeOptions): JsonScalar =>
  codecFor(type.base).encodeJson(type, value, options);
