/** How a type is named in messages: its nearest typedef, else its built-in name. */
import type { TypeMeta } from '../meta/meta.ts';

export const typeName = (type: TypeMeta): string =>
  type.typedef === undefined ? type.base : `${type.typedef.module}:${type.typedef.name}`;
