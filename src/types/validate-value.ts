import type { TypeMeta } from '../meta/meta.ts';
import { codecFor } from './codec-for.ts';
import type { IdentityLookup } from './options.ts';
import type { Result, YangValue } from './value.ts';

/**
 * Checks a runtime value (say, one an application supplies for a read)
 * against the type: its JavaScript shape, canonical form and every
 * restriction. Identityref derivation is checked only when `identity` is given.
 */
export const validateValue = (type: TypeMeta, value: YangValue, identity?: IdentityLookup): Result =>
  codecFor(type.base).validate(type, value, identity);
