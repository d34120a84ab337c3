/** deviation: a module declaring how a server differs from another module (RFC 7950 §7.20.3). */
import type { Statement } from '../parser/statement.ts';
import type { ModuleMeta, SchemaNode } from '../meta/meta.ts';
import { resolveAbsolute } from './absolute-path.ts';
import type { CompileState } from './compile-state.ts';
import { compileType } from './compile-type.ts';
import { bindLeafrefs, hasLeafref } from './leafref.ts';
import type { Mutable } from './mutable.ts';
import { booleanArg, elementsArg, mustsOf, type NodeContext } from './node-context.ts';
import type { ParsedSource } from './parsed-source.ts';
import { detach, setConfigFalse } from './schema-edit.ts';
import { argument, sub, subs } from './statements.ts';

const PROPERTIES: Record<string, readonly string[]> = {
  add: ['units', 'must', 'unique', 'default', 'config', 'mandatory', 'min-elements', 'max-elements'],
  replace: ['type', 'units', 'default', 'config', 'mandatory', 'min-elements', 'max-elements'],
  delete: ['units', 'must', 'unique', 'default'],
};

export const applyDeviations = (st: CompileState): void => {
  for (const [name, unit] of st.units) {
    const ns = st.modules.get(name);
    if (ns === undefined) continue;
    for (const source of unit.sources) {
      for (const dev of subs(source.stmt, 'deviation')) applyDeviation(dev, source, ns, st);
    }
  }
};

const applyDeviation = (dev: Statement, source: ParsedSource, ns: Mutable<ModuleMeta>, st: CompileState): void => {
  const r = resolveAbsolute(dev, source, st);
  if ('vanished' in r) return;
  if ('error' in r) {
    st.diag.error(dev.loc, r.error);
    return;
  }
  const target = r.node;
  const owner = target.module as Mutable<ModuleMeta>;
  if (!owner.deviatedBy.includes(ns.name)) owner.deviatedBy.push(ns.name);
  const ctx: NodeContext = {
    st, scope: st.topScope(source), ns, parent: target.parent, config: target.parent?.config ?? true,
    inOperation: false, topLevel: false, groupings: [], groupingsHere: [],
  };
  for (const d of subs(dev, 'deviate')) {
    const how = argument(d);
    if (how === 'not-supported') {
      if (!detach(target, owner)) st.diag.error(d.loc, `cannot remove "${target.name}"`);
      return;
    }
    const allowed = PROPERTIES[how];
    if (allowed === undefined) {
      st.diag.error(d.loc, `deviate must be not-supported, add, replace or delete, not "${how}"`);
      continue;
    }
    for (const p of d.substatements) {
      if (p.prefix !== undefined) continue;
      if (!allowed.includes(p.keyword)) st.diag.error(p.loc, `"${p.keyword}" cannot be used in deviate ${how}`);
      else deviateProperty(how, p, d, target, ctx);
    }
  }
};

const deviateProperty = (how: string, p: Statement, d: Statement, target: SchemaNode, ctx: NodeContext): void => {
  const t = target as unknown as Record<string, unknown>;
  const has = (key: string): boolean => t[key] !== undefined && !(Array.isArray(t[key]) && (t[key] as unknown[]).length === 0);
  const fail = (msg: string): void => ctx.st.diag.error(p.loc, `deviate ${how} ${p.keyword} on ${target.kind} "${target.name}": ${msg}`);
  const key = ({ units: 'units', default: target.kind === 'leaf-list' ? 'defaults' : 'default', mandatory: 'mandatory', 'min-elements': 'minElements', 'max-elements': 'maxElements', type: 'type' } as Record<string, string>)[p.keyword];
  if (key !== undefined && !(key in t)) return fail('not applicable');
  switch (p.keyword) {
    case 'must':
      if (how === 'add') t['musts'] = [...target.musts, ...mustsOf(d, ctx)];
      else t['musts'] = target.musts.filter((m) => !subs(d, 'must').some((x) => x.arg === m.text));
      return;
    case 'unique':
      return fail('unique is not supported by this server in deviations');
    case 'config':
      if (p.arg === 'false') setConfigFalse(target);
      else (t as { config: boolean }).config = true;
      return;
    case 'type': {
      const type = compileType(p, ctx.scope, ctx.st);
      t['type'] = type;
      if (hasLeafref(type)) ctx.st.defer(() => bindLeafrefs(target as never, ctx.st));
      return;
    }
    default:
      break;
  }
  if (key === undefined) return;
  if (how === 'add' && has(key) && key !== 'defaults') return fail('the property already exists; use replace');
  if ((how === 'replace' || how === 'delete') && !has(key)) return fail('the property does not exist');
  if (how === 'delete') {
    t[key] = key === 'defaults' ? [] : undefined;
    return;
  }
  if (key === 'defaults') t[key] = [...(how === 'add' ? (t[key] as string[]) : []), ...subs(d, 'default').map(argument)];
  else if (key === 'mandatory') t[key] = booleanArg(d, 'mandatory', ctx);
  else if (key === 'minElements' || key === 'maxElements') t[key] = key === 'minElements' ? elementsArg(d, ctx).min : elementsArg(d, ctx).max;
  else t[key] = sub(d, p.keyword)?.arg;
  if (key === 'default' || key === 'defaults') t['defaultPrefixes'] = ctx.scope.source.prefixes;
};
