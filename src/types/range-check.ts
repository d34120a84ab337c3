/** The range restriction of integer and decimal64 types (RFC 7950 §9.2.4, §9.3.4). */
import type { Interval, TypeMeta } from '../meta/meta.ts';
import { formatDecimal } from './decimal-literal.ts';
import { typeName } from './type-name.ts';
import { quote, type ValueError } from './value.ts';

/** True when `value` (an integer, or a decimal64 scaled by 10^fraction-digits) lies in one of the intervals. */
export function inIntervals(intervals: readonly Interval[], value: number | bigint): boolean {
  if (typeof value === 'number') return inNumberIntervals(intervals, value);
  for (const { min, max } of intervals) {
    if (min <= value && value <= max) return true;
  }
  return false;
}

/** Interval bounds as numbers, for values up to 32 bits and lengths (mixed bigint/number comparison is slow). */
const numberBounds = new WeakMap<readonly Interval[], Float64Array>();

function inNumberIntervals(intervals: readonly Interval[], value: number): boolean {
  let bounds = numberBounds.get(intervals);
  if (bounds === undefined) {
    // Exact for every safe integer value: a bound beyond 2^53 may round, but stays beyond 2^53.
    bounds = Float64Array.from(intervals.flatMap(({ min, max }) => [Number(min), Number(max)]));
    numberBounds.set(intervals, bounds);
  }
  for (let i = 0; i < bounds.length; i += 2) {
    if ((bounds[i] as number) <= value && value <= (bounds[i + 1] as number)) return true;
  }
  return false;
}

/** `1..10 | 20..30`; decimal64 bounds are shown as decimals. */
export function formatIntervals(intervals: readonly Interval[], fractionDigits?: number): string {
  const show = (v: bigint): string => (fractionDigits === undefined ? v.toString() : formatDecimal(v, fractionDigits));
  return intervals
    .map(({ min, max }) => (min === max ? show(min) : `${show(min)}..${show(max)}`))
    .join(' | ');
}

/**
 * Checks `value` against the type's range restriction, falling back to the
 * value space of the built-in type (`fallback`) when the type has none.
 * `text` is the value as shown in a message (default: `value` in decimal).
 */
export function checkRange(
  type: TypeMeta,
  value: number | bigint,
  fallback: Interval,
  text?: string,
): ValueError | undefined {
  const restriction = type.range;
  if (restriction === undefined) {
    if (fallback.min <= value && value <= fallback.max) return undefined;
    return outOfRange(type, text ?? String(value), [fallback], undefined, undefined);
  }
  if (inIntervals(restriction.value, value)) return undefined;
  return outOfRange(type, text ?? String(value), restriction.value, restriction.errorMessage, restriction.errorAppTag);
}

function outOfRange(
  type: TypeMeta,
  text: string,
  intervals: readonly Interval[],
  errorMessage: string | undefined,
  appTag: string | undefined,
): ValueError {
  const shown = formatIntervals(intervals, type.base === 'decimal64' ? type.fractionDigits : undefined);
  return {
    tag: 'invalid-value',
    appTag,
    message: errorMessage ?? `${quote(text)} is out of range ${shown} for type ${typeName(type)}`,
  };
}
