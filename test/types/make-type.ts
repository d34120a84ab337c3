/** Hand-built TypeMeta, IdentityMeta and options for the type tests. */
import type {
  BitMeta, BuiltinTypeName, EnumMeta, IdentityMeta, Interval, LeafMeta, ModuleMeta, PatternMeta, Restriction, TypeMeta,
} from '../../src/meta/meta.ts';
import type { IdentityLookup, JsonDecodeOptions, JsonEncodeOptions, StringDecodeOptions } from '../../src/types/index.ts';

export function makeType(base: BuiltinTypeName, props: Partial<TypeMeta> = {}): TypeMeta {
  return {
    base,
    typedef: undefined,
    range: undefined,
    length: undefined,
    patterns: [],
    fractionDigits: base === 'decimal64' ? 2 : undefined,
    enums: undefined,
    bits: undefined,
    bases: undefined,
    path: undefined,
    target: undefined,
    requireInstance: true,
    members: undefined,
    default: undefined,
    units: undefined,
    prefixes: new Map(),
    ...props,
  };
}

type Bound = bigint | number;

/** `intervals([1, 10], [20, 30])` */
export const intervals = (...pairs: (readonly [Bound, Bound])[]): Interval[] =>
  pairs.map(([min, max]) => ({ min: BigInt(min), max: BigInt(max) }));

export const restriction = <T>(value: T, errorMessage?: string, errorAppTag?: string): Restriction<T> =>
  ({ value, errorMessage, errorAppTag });

export const pattern = (source: string, more: Partial<PatternMeta> = {}): PatternMeta =>
  ({ source, invertMatch: false, errorMessage: undefined, errorAppTag: undefined, ...more });

export const enumsOf = (...names: string[]): EnumMeta[] =>
  names.map((name, value) => ({ name, value, description: undefined, status: 'current' }));

export const bitsOf = (...bits: (readonly [string, number])[]): BitMeta[] =>
  bits.map(([name, position]) => ({ name, position, description: undefined, status: 'current' }));

const modules = new Map<string, ModuleMeta>();
const moduleNamed = (name: string): ModuleMeta => {
  let module = modules.get(name);
  if (module === undefined) {
    module = { kind: 'module', name } as unknown as ModuleMeta;
    modules.set(name, module);
  }
  return module;
};

export function makeIdentity(module: string, name: string, bases: readonly IdentityMeta[] = []): IdentityMeta {
  return {
    kind: 'identity', name, module: moduleNamed(module), bases, derived: [],
    description: undefined, reference: undefined, status: 'current', extensions: [], ifFeatures: [],
    loc: { file: `${module}.yang`, line: 1, col: 1 },
  };
}

export const lookupOf = (...identities: IdentityMeta[]): IdentityLookup =>
  (module, name) => identities.find((i) => i.module.name === module && i.name === name);

/** A leafref whose target leaf has the given type. */
export const leafrefTo = (target: TypeMeta): TypeMeta =>
  makeType('leafref', { target: { kind: 'leaf', name: 'target', type: target } as unknown as LeafMeta });

const noIdentities: IdentityLookup = () => undefined;

export const strictJson = (more: Partial<JsonDecodeOptions> = {}): JsonDecodeOptions =>
  ({ strict: true, leafModule: 'test', identity: noIdentities, ...more });
export const plainJson = (more: Partial<JsonDecodeOptions> = {}): JsonDecodeOptions =>
  ({ strict: false, leafModule: 'test', identity: noIdentities, ...more });
export const urlText = (more: Partial<StringDecodeOptions> = {}): StringDecodeOptions =>
  ({ qualifier: 'module', leafModule: 'test', identity: noIdentities, ...more });
export const yangText = (more: Partial<StringDecodeOptions> = {}): StringDecodeOptions =>
  ({ qualifier: 'prefix', leafModule: 'test', identity: noIdentities, ...more });
export const encodeStrict: JsonEncodeOptions = { strict: true, leafModule: 'test' };
export const encodePlain: JsonEncodeOptions = { strict: false, leafModule: 'test' };
