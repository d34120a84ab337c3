/** The length restriction of string and binary types (RFC 7950 §9.4.4, §9.8.1). */
import type { TypeMeta } from '../meta/meta.ts';
import { formatIntervals, inIntervals } from './range-check.ts';
import { typeName } from './type-name.ts';
import { quote, type ValueError } from './value.ts';

/** Adds an error to `errors` when `length` (characters, or octets for binary) is outside the type's length. */
export function checkLength(type: TypeMeta, length: number, text: string, errors: ValueError[]): void {
  const restriction = type.length;
  if (restriction === undefined || inIntervals(restriction.value, length)) return;
  const unit = type.base === 'binary' ? 'octets' : 'characters';
  errors.push({
    tag: 'invalid-value',
    appTag: restriction.errorAppTag,
    message:
      restriction.errorMessage ??
      `${type.base === 'binary' ? 'value' : quote(text)} has ${length} ${unit}, outside the length ${formatIntervals(restriction.value)} for type ${typeName(type)}`,
  });
}

/** The number of Unicode characters (code points) in a string. */
export function codePointLength(text: string): number {
  let count = text.length;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        i++;
      }
    }
  }
  return count;
}
