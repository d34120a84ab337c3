/** Whether two values of a type are the same value (compared in canonical form). */
import type { TypeMeta } from '../../../meta/meta.ts';
import { encodeString, type YangValue } from '../../../types/index.ts';

export const sameValue = (type: TypeMeta, a: YangValue | undefined, b: YangValue | undefined): boolean =>
  a === b || (a !== undefined && b !== undefined && encodeString(type, a) === encodeString(type, b));
