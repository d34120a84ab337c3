/** The value space of each integer type (RFC 7950 §9.2). */
import type { BuiltinTypeName, IntegerTypeName, Interval } from '../meta/meta.ts';

export const INTEGER_RANGES: Readonly<Record<IntegerTypeName, Interval>> = {
  int8: { min: -128n, max: 127n },
  int16: { min: -32768n, max: 32767n },
  int32: { min: -2147483648n, max: 2147483647n },
  int64: { min: -9223372036854775808n, max: 9223372036854775807n },
  uint8: { min: 0n, max: 255n },
  uint16: { min: 0n, max: 65535n },
  uint32: { min: 0n, max: 4294967295n },
  uint64: { min: 0n, max: 18446744073709551615n },
};

export const isIntegerType = (base: BuiltinTypeName): base is IntegerTypeName =>
  Object.hasOwn(INTEGER_RANGES, base);

/** int64 and uint64: represented as `bigint`, JSON strings in RFC 7951. */
export const isWideInteger = (base: BuiltinTypeName): base is 'int64' | 'uint64' =>
  base === 'int64' || base === 'uint64';

