/**
 * identityref (RFC 7950 §9.10, RFC 7951 §6.8). The runtime value is always
 * `module:identity`. In JSON the module may be omitted only when it is the
 * leaf's own module; in a YANG module (qualifier `prefix`) names carry
 * prefixes. The identity must be derived from every base of the type.
 */
import type { TypeMeta } from '../meta/meta.ts';
import type { Codec } from './codec.ts';
import { identityKey, isDerivedFrom } from './identity-derivation.ts';
import { jsonKind } from './json-kind.ts';
import type { IdentityLookup, JsonDecodeOptions, StringDecodeOptions } from './options.ts';
import { parseQualifiedName } from './qualified-name.ts';
import { typeName } from './type-name.ts';
import { invalid, ok, quote, type Result, type YangValue } from './value.ts';

function resolve(type: TypeMeta, module: string, name: string, text: string, lookup: IdentityLookup): Result {
  const identity = lookup(module, name);
  if (identity === undefined) return invalid(`identity ${quote(text)} is not defined (looked for ${module}:${name})`);
  for (const base of type.bases ?? []) {
    if (!isDerivedFrom(identity, base)) {
      return invalid(`identity ${quote(identityKey(identity))} is not derived from ${identityKey(base)}, as type ${typeName(type)} requires`);
    }
  }
  return ok(identityKey(identity));
}

function decodeJson(type: TypeMeta, json: unknown, options: JsonDecodeOptions): Result {
  if (typeof json !== 'string') return invalid(`expected an identity name for type ${typeName(type)}, got ${jsonKind(json)}`);
  const qname = parseQualifiedName(json);
  if (qname === undefined) return invalid(`${quote(json)} is not an identity name (type ${typeName(type)})`);
  return resolve(type, qname.qualifier ?? options.leafModule, qname.name, json, options.identity);
}

function decodeString(type: TypeMeta, text: string, options: StringDecodeOptions): Result {
  const qname = parseQualifiedName(text);
  if (qname === undefined) return invalid(`${quote(text)} is not an identity name (type ${typeName(type)})`);
  let module = qname.qualifier ?? options.leafModule;
  if (qname.qualifier !== undefined && options.qualifier === 'prefix') {
    const resolved = (options.prefixes ?? type.prefixes).get(qname.qualifier);
    if (resolved === undefined) return invalid(`prefix "${qname.qualifier}" of ${quote(text)} is not imported`);
    module = resolved;
  }
  return resolve(type, module, qname.name, text, options.identity);
}

function validate(type: TypeMeta, value: YangValue, lookup: IdentityLookup | undefined): Result {
  const qname = typeof value === 'string' ? parseQualifiedName(value) : undefined;
  if (qname?.qualifier === undefined) return invalid(`a ${typeName(type)} value must be a "module:identity" string`);
  return lookup === undefined ? ok(value) : resolve(type, qname.qualifier, qname.name, value as string, lookup);
}

export const identityrefCodec: Codec = {
  decodeJson,
  decodeString,
  encodeJson: (_type, value, options) => {
    const text = value as string;
    const colon = text.indexOf(':');
    return colon === options.leafModule.length && text.startsWith(options.leafModule) ? text.slice(colon + 1) : text;
  },
  encodeString: (_type, value) => value as string,
  validate,
};
