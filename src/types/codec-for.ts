/**
 * The codec of a built-in type. A function, not a table, so that the
 * union and leafref codecs, which call back into it, may be loaded first.
 */
import type { BuiltinTypeName } from '../meta/meta.ts';
import { binaryCodec } from './binary.ts';
import { bitsCodec } from './bits.ts';
import { booleanCodec } from './boolean.ts';
import type { Codec } from './codec.ts';
import { decimal64Codec } from './decimal64.ts';
import { emptyCodec } from './empty.ts';
import { enumerationCodec } from './enumeration.ts';
import { identityrefCodec } from './identityref.ts';
import { instanceIdentifierCodec } from './instance-identifier.ts';
import { integerCodec } from './integer.ts';
import { leafrefCodec } from './leafref.ts';
import { stringCodec } from './string.ts';
import { unionCodec } from './union.ts';

export function codecFor(base: BuiltinTypeName): Codec {
  switch (base) {
    case 'int8': case 'int16': case 'int32': case 'int64':
    case 'uint8': case 'uint16': case 'uint32': case 'uint64':
      return integerCodec;
    case 'decimal64': return decimal64Codec;
    case 'string': return stringCodec;
    case 'binary': return binaryCodec;
    case 'bits': return bitsCodec;
    case 'boolean': return booleanCodec;
    case 'empty': return emptyCodec;
    case 'enumeration': return enumerationCodec;
    case 'identityref': return identityrefCodec;
    case 'instance-identifier': return instanceIdentifierCodec;
    case 'union': return unionCodec;
    case 'leafref': return leafrefCodec;
  }
}
