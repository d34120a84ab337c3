/**
 * A stable, readable JSON form of compiled modules for golden files: parent
 * and module links become names, Maps become objects, bigints strings.
 */
import type { ModuleMeta, SchemaNode, TypeMeta } from '../../src/meta/meta.ts';
import { schemaChildren } from '../../src/meta/navigate.ts';

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Booleans kept even when false; other false flags are left out to keep golden files short. */
const KEEP_FALSE = new Set(['config', 'requireInstance']);

const clean = (o: Record<string, Json | undefined>): { [k: string]: Json } => {
  const out: { [k: string]: Json } = {};
  for (const [k, v] of Object.entries(o)) {
    if (v === undefined || (v === false && !KEEP_FALSE.has(k)) || (Array.isArray(v) && v.length === 0)) continue;
    out[k] = v;
  }
  return out;
};

const intervals = (r: TypeMeta['range']): Json | undefined =>
  r === undefined ? undefined : r.value.map((i) => (i.min === i.max ? String(i.min) : `${i.min}..${i.max}`)).join(' | ');

export const serializeType = (t: TypeMeta): Json =>
  clean({
    base: t.base,
    typedef: t.typedef === undefined ? undefined : `${t.typedef.module}:${t.typedef.name}`,
    range: intervals(t.range),
    length: intervals(t.length),
    patterns: t.patterns.map((p) => `${p.invertMatch ? '!' : ''}${p.source}`),
    fractionDigits: t.fractionDigits,
    enums: t.enums?.map((e) => `${e.name}=${e.value}`),
    bits: t.bits?.map((b) => `${b.name}@${b.position}`),
    bases: t.bases?.map((b) => `${b.module.name}:${b.name}`),
    path: t.path?.text,
    target: t.target === undefined ? undefined : pathOf(t.target),
    requireInstance: t.base === 'leafref' || t.base === 'instance-identifier' ? t.requireInstance : undefined,
    members: t.members?.map(serializeType),
    default: t.default,
    units: t.units,
  });

export const pathOf = (n: SchemaNode): string => {
  const steps: string[] = [];
  for (let p: SchemaNode | undefined = n; p !== undefined; p = p.parent) steps.unshift(`${p.module.name}:${p.name}`);
  return `/${steps.join('/')}`;
};

export const serializeNode = (n: SchemaNode): Json => {
  const base: Record<string, Json | undefined> = {
    kind: n.kind,
    name: n.name,
    module: n.module.name,
    config: n.config,
    status: n.status === 'current' ? undefined : n.status,
    description: n.description,
    when: n.when.map((w) => `${w.context}: ${w.text}`),
    must: n.musts.map((m) => `${m.text}${m.errorAppTag === undefined ? '' : ` [${m.errorAppTag}]`}${m.errorMessage === undefined ? '' : ` "${m.errorMessage}"`}`),
    extensions: n.extensions.map((e) => `${e.module}:${e.name}${e.arg === undefined ? '' : ` ${e.arg}`}`),
    recursive: n.recursive,
  };
  switch (n.kind) {
    case 'leaf':
      Object.assign(base, { type: serializeType(n.type), default: n.default, mandatory: n.mandatory, units: n.units, isKey: n.isKey });
      break;
    case 'leaf-list':
      Object.assign(base, { type: serializeType(n.type), defaults: [...n.defaults], min: n.minElements || undefined, max: n.maxElements, orderedBy: n.orderedBy === 'user' ? 'user' : undefined, units: n.units });
      break;
    case 'list':
      Object.assign(base, { keys: n.keys.map((k) => k.name), unique: n.unique.map((u) => u.map((x) => x.path.join('/')).join(' ')), min: n.minElements || undefined, max: n.maxElements, orderedBy: n.orderedBy === 'user' ? 'user' : undefined });
      break;
    case 'container':
      Object.assign(base, { presence: n.presence });
      break;
    case 'choice':
      Object.assign(base, { mandatory: n.mandatory, defaultCase: n.defaultCase?.name });
      break;
    case 'anydata': case 'anyxml':
      Object.assign(base, { mandatory: n.mandatory });
      break;
    case 'rpc': case 'action':
      Object.assign(base, { hasInput: n.hasInput, hasOutput: n.hasOutput });
      break;
    default:
      break;
  }
  if (!n.recursive) {
    const kids = schemaChildren(n).filter((k) => !((k.kind === 'input' || k.kind === 'output') && k.children.length === 0));
    base['children'] = kids.map(serializeNode);
  }
  return clean(base);
};

export const serializeModule = (m: ModuleMeta): Json =>
  clean({
    module: m.name,
    prefix: m.prefix,
    namespace: m.namespace,
    yangVersion: m.yangVersion,
    revision: m.revision,
    revisions: m.revisions.map((r) => r.date),
    description: m.description,
    imports: m.imports.map((i) => `${i.module} as ${i.prefix}${i.revision === undefined ? '' : `@${i.revision}`}`),
    submodules: m.submodules.map((s) => `${s.name}${s.revision === undefined ? '' : `@${s.revision}`}`),
    features: [...m.features.values()].map((f) => `${f.name}${f.enabled ? '' : ' (disabled)'}`),
    identities: [...m.identities.values()].map((i) => `${i.name}${i.bases.length === 0 ? '' : ` : ${i.bases.map((b) => `${b.module.name}:${b.name}`).join(', ')}`}`),
    extensionDefs: [...m.extensionDefs.values()].map((e) => `${e.name}${e.argument === undefined ? '' : `(${e.argument})`}`),
    extensions: m.extensions.map((e) => `${e.module}:${e.name}`),
    augmentedBy: [...m.augmentedBy],
    deviatedBy: [...m.deviatedBy],
    implemented: m.implemented,
    children: m.children.map(serializeNode),
    rpcs: m.rpcs.map(serializeNode),
    notifications: m.notifications.map(serializeNode),
  });
