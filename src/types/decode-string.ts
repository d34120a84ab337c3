import type { TypeMeta } from '../meta/meta.ts';
import { codecFor } from './codec-for.ts';
import type { StringDecodeOptions } from './options.ts';
import type { Result } from './value.ts';

/**
 * Decodes the lexical form of a value (a YANG default with `qualifier:
 * 'prefix'`; a URL key or leaf-list value with `qualifier: 'module'`) and
 * checks every restriction.
 */
export const decodeString = (type: TypeMeta, text: string, options: StringDecodeOptions): Result =>
  codecFor(type.base).decodeString(type, text, options);
