/**
 * fast-check arbitraries of valid data trees, by walking the compiled
 * schema: values of every built-in type within their restrictions, lists
 * with unique keys, unique config leaf-list values, at most one case per
 * choice. Not generated: anything a tree-level constraint governs (mandatory,
 * must, when, min/max-elements, unique, leafref targets), so fixtures for
 * yanglint must not declare such constraints.
 */
import fc from 'fast-check';
import { DataContainer, type DataValue, type HolderMeta } from '../../../src/data/data-container.ts';
import type {
  DataDef, DataNodeMeta, IdentityMeta, Interval, SchemaContext, TypeMeta,
} from '../../../src/meta/meta.ts';
import {
  formatDecimal, INTEGER_RANGES, isDerivedFrom, isIntegerType, leafrefTargetType, translateXsdRegex, validateValue,
  type YangValue,
} from '../../../src/types/index.ts';

export interface TreeOptions {
  readonly schema: SchemaContext;
  /** Leave out config false nodes (a configuration document). */
  readonly configOnly: boolean;
  /** Values for instance-identifier leaves (canonical, RFC 7951 form). */
  readonly instanceIds: readonly string[];
}

type Member = readonly [DataNodeMeta, DataValue];

const valueKey = (v: YangValue): string => (Array.isArray(v) ? `a${v.join(' ')}` : `${typeof v}${String(v)}`);

const identitiesOf = (schema: SchemaContext): IdentityMeta[] => [...schema.modules.values()].flatMap((m) => [...m.identities.values()]);

function intervalsArb(intervals: readonly Interval[]): fc.Arbitrary<bigint> {
  const each = intervals.map(({ min, max }) => fc.oneof(fc.bigInt({ min, max }), fc.constantFrom(min, max)));
  return fc.oneof(...each);
}

function stringArb(type: TypeMeta): fc.Arbitrary<string> {
  const patterns = type.patterns.filter((p) => !p.invertMatch);
  const [first] = patterns;
  let base: fc.Arbitrary<string> = fc.string({ unit: 'grapheme', maxLength: 12 });
  if (first !== undefined) {
    const translated = translateXsdRegex(first.source);
    if (translated.ok) base = fc.stringMatching(new RegExp(translated.source, 'u'));
  }
  return base.filter((s) => validateValue(type, s).ok);
}

function unionArb(type: TypeMeta, options: TreeOptions): fc.Arbitrary<YangValue> {
  const members = type.members ?? [];
  // A value belongs to the first member that accepts it: keep values no earlier member takes.
  const arbs = members.map((member, i) =>
    typeArb(member, options).filter((v) => members.slice(0, i).every((earlier) => !validateValue(earlier, v).ok)));
  return fc.oneof(...arbs);
}

export function typeArb(type: TypeMeta, options: TreeOptions): fc.Arbitrary<YangValue> {
  const base = type.base;
  if (isIntegerType(base)) {
    const values = intervalsArb(type.range?.value ?? [INTEGER_RANGES[base]]);
    return base === 'int64' || base === 'uint64' ? values : values.map(Number);
  }
  switch (base) {
    case 'decimal64': {
      const digits = type.fractionDigits ?? 1;
      return intervalsArb(type.range?.value ?? [INTEGER_RANGES.int64]).map((scaled) => formatDecimal(scaled, digits));
    }
    case 'string': return stringArb(type);
    case 'binary': {
      const max = Number(type.length?.value.at(-1)?.max ?? 32n);
      return fc.uint8Array({ maxLength: Math.min(max, 32) }).map((b) => Buffer.from(b).toString('base64')).filter((s) => validateValue(type, s).ok);
    }
    case 'boolean': return fc.boolean();
    case 'empty': return fc.constant(null);
    case 'enumeration': return fc.constantFrom(...(type.enums ?? []).map((e) => e.name));
    case 'bits': {
      const bits = [...(type.bits ?? [])].sort((a, b) => a.position - b.position).map((b) => b.name);
      return fc.subarray(bits);
    }
    case 'identityref': {
      const bases = type.bases ?? [];
      const ids = identitiesOf(options.schema).filter((id) => bases.every((b) => isDerivedFrom(id, b)));
      return fc.constantFrom(...ids.map((id) => `${id.module.name}:${id.name}`));
    }
    case 'instance-identifier': return fc.constantFrom(...options.instanceIds);
    case 'union': return unionArb(type, options);
    case 'leafref': {
      const target = leafrefTargetType(type);
      if (target === undefined) throw new Error('leafref without target type');
      return typeArb(target, options);
    }
    default: throw new Error(`no arbitrary for ${base}`);
  }
}

const anyJson: fc.Arbitrary<Record<string, string>> = fc.dictionary(fc.stringMatching(/^[a-z]{1,5}$/), fc.string({ maxLength: 6 }), { maxKeys: 3, noNullPrototype: true });

function nodeArb(node: DataNodeMeta, options: TreeOptions): fc.Arbitrary<DataValue> {
  switch (node.kind) {
    case 'leaf': return typeArb(node.type, options);
    case 'leaf-list': {
      const values = typeArb(node.type, options);
      return node.config
        ? fc.uniqueArray(values, { selector: valueKey, minLength: 1, maxLength: 3 })
        : fc.array(values, { minLength: 1, maxLength: 3 });
    }
    case 'container': return containerArb(node, options);
    case 'list': {
      const entries = containerArb(node, options);
      if (node.keys.length === 0) return fc.array(entries, { minLength: 1, maxLength: 3 });
      const keyOf = (e: DataContainer): string => node.keys.map((k) => valueKey(e.get(k) as YangValue)).join('\u0000');
      return fc.uniqueArray(entries, { selector: keyOf, minLength: 1, maxLength: 3 });
    }
    case 'anydata': return anyJson.map((any) => ({ any }));
    case 'anyxml': return fc.oneof(fc.string({ maxLength: 6 }), anyJson).map((any) => ({ any }));
  }
}

function membersArb(defs: readonly DataDef[], options: TreeOptions, keys: ReadonlySet<DataNodeMeta>): fc.Arbitrary<Member[]> {
  const none = fc.constant<Member[]>([]);
  const parts = defs.map((def): fc.Arbitrary<Member[]> => {
    if (def.kind === 'choice') {
      return fc.oneof(none, ...def.cases.map((c) => membersArb(c.children, options, keys)));
    }
    if (options.configOnly && !def.config) return none;
    const value = nodeArb(def, options).map((v): Member[] => [[def, v]]);
    return keys.has(def) ? value : fc.oneof(none, value);
  });
  return fc.tuple(...parts).map((lists) => lists.flat());
}

/** A DataContainer of `holder` with random valid members (list entries always have their keys). */
export function containerArb(holder: HolderMeta, options: TreeOptions): fc.Arbitrary<DataContainer> {
  const keys = new Set<DataNodeMeta>(holder.kind === 'list' ? holder.keys : []);
  return membersArb(holder.children, options, keys).map((members) => {
    const c = new DataContainer(holder);
    for (const [node, value] of members) c.set(node, value);
    return c;
  });
}

/** A datastore: a non-empty tree for some of the implemented modules with data nodes. */
export function datastoreArb(options: TreeOptions): fc.Arbitrary<Map<string, DataContainer>> {
  const modules = [...options.schema.modules.values()].filter((m) => m.implemented && m.children.length > 0);
  return fc.tuple(...modules.map((m) => containerArb(m, options))).map((roots) =>
    new Map(roots.filter((r) => r.size > 0).map((r) => [r.meta.name, r] as const)));
}
