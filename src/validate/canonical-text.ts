/**
 * The canonical lexical form of a value (its XPath string-value), or its
 * plain text when the type cannot encode it (an unresolved leafref target).
 */
import type { TypeMeta } from '../meta/meta.ts';
import { encodeString, type YangValue } from '../types/index.ts';

export function canonicalText(type: TypeMeta, value: YangValue): string {
  try {
    return encodeString(type, value);
  } catch {
    return String(value);
  }
}
