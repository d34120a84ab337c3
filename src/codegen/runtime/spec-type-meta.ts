/**
 * A TypeSpec back into the TypeMeta the value codecs of src/types take, with
 * an identity lookup that admits exactly the spec's identities: generated
 * codecs then check values with the same code the server's decoder runs.
 */
import type { IdentityMeta, Interval, ModuleMeta, TypeMeta } from '../../meta/meta.ts';
import type { IdentityLookup } from '../../types/options.ts';
import type { SpecInterval, TypeSpec } from './type-spec.ts';

const NO_PREFIXES: ReadonlyMap<string, string> = new Map();

const intervals = (list: readonly SpecInterval[] | undefined) =>
  list === undefined ? undefined : {
    value: list.map(([min, max]): Interval => ({ min: BigInt(min), max: BigInt(max) })),
    errorMessage: undefined,
    errorAppTag: undefined,
  };

/** The one base every admitted identity derives from (a name no module can define). */
const fakeIdentity = (module: string, name: string, bases: readonly IdentityMeta[]): IdentityMeta =>
  ({ kind: 'identity', name, module: { name: module } as ModuleMeta, bases, derived: [] }) as unknown as IdentityMeta;

const BASE = fakeIdentity('', '#admitted', []);

export interface SpecType {
  readonly type: TypeMeta;
  readonly identity: IdentityLookup;
}

const identitiesOf = (spec: TypeSpec, into: Map<string, IdentityMeta>): void => {
  for (const id of spec.identities ?? []) {
    const colon = id.indexOf(':');
    into.set(id, fakeIdentity(id.slice(0, colon), id.slice(colon + 1), [BASE]));
  }
  for (const m of spec.members ?? []) identitiesOf(m, into);
};

const toTypeMeta = (spec: TypeSpec): TypeMeta => ({
  base: spec.base,
  typedef: undefined,
  range: intervals(spec.range),
  length: intervals(spec.length),
  patterns: (spec.patterns ?? []).map(([source, invertMatch]) => ({ source, invertMatch, errorMessage: undefined, errorAppTag: undefined })),
  fractionDigits: spec.fractionDigits,
  enums: spec.enums?.map(([name, value]) => ({ name, value, description: undefined, status: 'current' as const })),
  bits: spec.bits?.map(([name, position]) => ({ name, position, description: undefined, status: 'current' as const })),
  bases: spec.base === 'identityref' ? [BASE] : undefined,
  path: undefined,
  target: undefined,
  requireInstance: false,
  members: spec.members?.map(toTypeMeta),
  default: undefined,
  units: undefined,
  prefixes: NO_PREFIXES,
});

export const specTypeMeta = (spec: TypeSpec): SpecType => {
  const admitted = new Map<string, IdentityMeta>();
  identitiesOf(spec, admitted);
  return { type: toTypeMeta(spec), identity: (module, name) => admitted.get(`${module}:${name}`) };
};
