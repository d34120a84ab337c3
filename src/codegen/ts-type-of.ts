/**
 * The TypeScript type of a value in its RFC 7951 JSON form: int64, uint64 and
 * decimal64 as strings, the other integers as numbers, enumerations and
 * identities as string unions (an identity of the leaf's own module also
 * unqualified), empty as `[null]`, bits as their space-separated string,
 * unions as the union of their members, leafrefs as their target's type.
 */
import type { TypeMeta } from '../meta/meta.ts';
import { admittedIdentities } from './admitted-identities.ts';
import { valueType } from './type-spec-of.ts';

const literal = (s: string): string => JSON.stringify(s);

const parts = (type: TypeMeta, leafModule: string): string[] => {
  const t = valueType(type);
  switch (t.base) {
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return ['number'];
    case 'boolean':
      return ['boolean'];
    case 'empty':
      return ['[null]'];
    case 'enumeration':
      return (t.enums ?? []).map((e) => literal(e.name));
    case 'identityref': {
      const ids = admittedIdentities(t.bases ?? []);
      // No identity derives from the bases in the modules loaded: the identities come from modules not given.
      if (ids.length === 0) return ['string'];
      return ids.flatMap((id) => (id.startsWith(`${leafModule}:`) ? [literal(id.slice(leafModule.length + 1)), literal(id)] : [literal(id)]));
    }
    case 'union':
      return (t.members ?? []).flatMap((m) => parts(m, leafModule));
    default:
      return ['string'];
  }
};

export const tsTypeOf = (type: TypeMeta, leafModule: string): string => {
  const unique = [...new Set(parts(type, leafModule))];
  if (unique.includes('string')) return ['string', ...unique.filter((p) => !p.startsWith('"') && p !== 'string')].join(' | ');
  return unique.length === 0 ? 'never' : unique.join(' | ');
};
