/**
 * The schema as the explorer page draws it: every served module's data
 * tree, operations and notifications, each node with what a form needs
 * (kind, config, type with its range, length, patterns, enums, bits,
 * identities, fraction digits; default, units, mandatory, keys, elements)
 * and its description. Plain JSON; numbers of ranges as strings (int64).
 */
import type { DataDef, IdentityMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaContext, TypeMeta } from '../../meta/meta.ts';

export type Outline = Record<string, unknown>;

const allDerived = (base: IdentityMeta, into: Set<IdentityMeta> = new Set()): Set<IdentityMeta> => {
  for (const d of base.derived) {
    if (into.has(d)) continue;
    into.add(d);
    allDerived(d, into);
  }
  return into;
};

const intervals = (r: TypeMeta['range']): string[][] | undefined => r?.value.map((i) => [String(i.min), String(i.max)]);

const typeOutline = (t: TypeMeta, leafModule: string): Outline => {
  const target = t.base === 'leafref' ? t.target?.type : undefined;
  if (target !== undefined) return { ...typeOutline(target, leafModule), leafref: true };
  const identities = t.bases === undefined || t.bases.length === 0 ? undefined
    : [...t.bases.map((b) => allDerived(b)).reduce((a, b) => new Set([...a].filter((x) => b.has(x))))]
      .map((i) => (i.module.name === leafModule ? i.name : `${i.module.name}:${i.name}`));
  return {
    base: t.base,
    ...(t.typedef === undefined ? {} : { typedef: `${t.typedef.module}:${t.typedef.name}` }),
    ...(t.range === undefined ? {} : { range: intervals(t.range) }),
    ...(t.length === undefined ? {} : { length: intervals(t.length) }),
    ...(t.patterns.length === 0 ? {} : { patterns: t.patterns.map((p) => ({ source: p.source, invert: p.invertMatch })) }),
    ...(t.fractionDigits === undefined ? {} : { fractionDigits: t.fractionDigits }),
    ...(t.enums === undefined ? {} : { enums: t.enums.map((e) => e.name) }),
    ...(t.bits === undefined ? {} : { bits: t.bits.map((b) => b.name) }),
    ...(identities === undefined ? {} : { identities }),
    ...(t.members === undefined ? {} : { members: t.members.map((m) => typeOutline(m, leafModule)) }),
  };
};

const common = (n: { name: string; module: ModuleMeta; description: string | undefined }, parentModule: ModuleMeta | undefined): Outline => ({
  name: n.name,
  ...(parentModule === undefined || n.module !== parentModule ? { module: n.module.name } : {}),
  ...(n.description === undefined ? {} : { description: n.description }),
});

const dataOutline = (d: DataDef, parent: ModuleMeta): Outline => {
  const base = { kind: d.kind, ...common(d, parent), config: d.config };
  if (d.recursive) return { ...base, recursive: true };
  switch (d.kind) {
    case 'leaf':
      return { ...base, type: typeOutline(d.type, d.module.name), mandatory: d.mandatory, ...(d.isKey ? { key: true } : {}), ...(d.default === undefined ? {} : { default: d.default }), ...(d.units === undefined ? {} : { units: d.units }) };
    case 'leaf-list':
      return { ...base, type: typeOutline(d.type, d.module.name), minElements: d.minElements, ...(d.maxElements === undefined ? {} : { maxElements: d.maxElements }), ...(d.units === undefined ? {} : { units: d.units }) };
    case 'container':
      return { ...base, ...(d.presence === undefined ? {} : { presence: true }), children: d.children.map((c) => dataOutline(c, d.module)), actions: d.actions.map((a) => operationOutline(a, d.module)), notifications: d.notifications.map((n) => notificationOutline(n, d.module)) };
    case 'list':
      return { ...base, keys: d.keys.map((k) => k.name), minElements: d.minElements, ...(d.maxElements === undefined ? {} : { maxElements: d.maxElements }), children: d.children.map((c) => dataOutline(c, d.module)), actions: d.actions.map((a) => operationOutline(a, d.module)), notifications: d.notifications.map((n) => notificationOutline(n, d.module)) };
    case 'choice':
      return { ...base, mandatory: d.mandatory, cases: d.cases.map((c) => ({ ...common(c, d.module), children: c.children.map((x) => dataOutline(x, c.module)) })) };
    default:
      return { ...base, mandatory: d.mandatory };
  }
};

const operationOutline = (op: OperationMeta, parent: ModuleMeta): Outline => ({
  kind: op.kind,
  ...common(op, parent),
  input: op.input.children.map((c) => dataOutline(c, op.module)),
  output: op.output.children.map((c) => dataOutline(c, op.module)),
});

const notificationOutline = (n: NotificationMeta, parent: ModuleMeta): Outline => ({
  kind: 'notification',
  ...common(n, parent),
  children: n.children.map((c) => dataOutline(c, n.module)),
});

/** The outline of the implemented modules that hold data, operations or notifications. */
export const schemaOutline = (schema: SchemaContext): Outline => ({
  modules: [...schema.modules.values()]
    .filter((m) => m.implemented && (m.children.length > 0 || m.rpcs.length > 0 || m.notifications.length > 0))
    .map((m) => ({
      name: m.name,
      prefix: m.prefix,
      ...(m.revision === undefined ? {} : { revision: m.revision }),
      ...(m.description === undefined ? {} : { description: m.description }),
      children: m.children.map((c) => dataOutline(c, m)),
      rpcs: m.rpcs.map((r) => operationOutline(r, m)),
      notifications: m.notifications.map((n) => notificationOutline(n, m)),
    })),
});
