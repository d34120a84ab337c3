import type { TypeMeta } from '../meta/meta.ts';
import { codecFor } from './codec-for.ts';
import type { YangValue } from './value.ts';

/**
 * The canonical lexical form of a (valid) runtime value (RFC 7950 §9):
 * decimal integers, canonical decimal64, bits in position order, identityref
 * as `module:identity`, empty as the empty string.
 */
export const encodeString = (type: TypeMeta, value: YangValue): string =>
  codecFor(type.base).encodeString(type, value);
