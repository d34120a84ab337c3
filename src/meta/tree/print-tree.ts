/**
 * The schema tree in the conventional `pyang -f tree` layout (RFC 8340):
 * `+--rw` config, `+--ro` state, `+---x` rpc/action, `+---n` notification,
 * `-w` input, `*` list/leaf-list with `[keys]`, `?` optional, `!` presence,
 * `{feature}?` after a node its own if-feature statements guard.
 */
import type { ModuleMeta, SchemaContext, SchemaNode, TypeMeta } from '../meta.ts';
import { schemaChildren } from '../navigate.ts';

type Mode = 'data' | 'input' | 'output' | 'notification';

const STATUS = { current: '+', deprecated: 'x', obsolete: 'o' } as const;

/** The module printed, and the prefix it writes another module's names with. */
interface Printed {
  readonly name: string;
  readonly prefixOf: (module: string) => string;
}

/**
 * The printed module's prefix for a module: its own, its import's, else
 * the module's own prefix (a type or node reached through another module's
 * grouping or augment), as pyang and yanglint print it; never the bare
 * module name beside prefixes.
 */
const printedModule = (printed: ModuleMeta, ctx: SchemaContext): Printed => ({
  name: printed.name,
  prefixOf: (module) => {
    if (module === printed.name) return printed.prefix;
    for (const [p, m] of printed.prefixes) if (m === module) return p;
    return ctx.modules.get(module)?.prefix ?? module;
  },
});

const label = (printed: Printed, n: SchemaNode): string =>
  n.module.name === printed.name ? n.name : `${printed.prefixOf(n.module.name)}:${n.name}`;

const typeName = (printed: Printed, t: TypeMeta): string => {
  if (t.base === 'leafref' && t.typedef === undefined) return `-> ${t.path?.text ?? '?'}`;
  if (t.typedef === undefined) return t.base;
  return t.typedef.module === printed.name ? t.typedef.name : `${printed.prefixOf(t.typedef.module)}:${t.typedef.name}`;
};

const flags = (n: SchemaNode, mode: Mode): string => {
  if (n.kind === 'rpc' || n.kind === 'action') return '-x';
  if (n.kind === 'notification') return '-n';
  if (mode === 'input') return '-w';
  if (mode !== 'data') return 'ro';
  return n.config ? 'rw' : 'ro';
};

const width = (printed: Printed, kids: readonly SchemaNode[]): number => {
  let w = 0;
  for (const k of kids) {
    const len = k.kind === 'choice' || k.kind === 'case' ? 3 + width(printed, k.recursive ? [] : schemaChildren(k)) : label(printed, k).length;
    if (len > w) w = len;
  }
  return w;
};

const visible = (n: SchemaNode): boolean => !((n.kind === 'input' || n.kind === 'output') && n.children.length === 0);

const printChildren = (printed: Printed, kids: readonly SchemaNode[], prefix: string, mode: Mode, w: number, out: string[]): void => {
  const shown = kids.filter(visible);
  const cw = w === 0 ? width(printed, shown) : w;
  shown.forEach((k, i) => {
    const last = i === shown.length - 1;
    printNode(printed, k, prefix + (last ? '   ' : '  |'), mode, cw, out);
  });
};

const printNode = (printed: Printed, n: SchemaNode, prefix: string, mode: Mode, w: number, out: string[]): void => {
  const m: Mode = n.kind === 'input' ? 'input' : n.kind === 'output' ? 'output' : n.kind === 'notification' ? 'notification' : mode;
  let line = `${prefix.slice(0, -1)}${STATUS[n.status]}--`;
  const name = label(printed, n);
  const f = flags(n, m);
  switch (n.kind) {
    case 'list':
      line += `${f} ${name}*${n.keys.length > 0 ? ` [${n.keys.map((k) => k.name).join(' ')}]` : ''}`;
      break;
    case 'container':
      line += `${f} ${name}${n.presence !== undefined ? '!' : ''}`;
      break;
    case 'choice':
      line += `${f} (${name})${n.mandatory ? '' : '?'}`;
      break;
    case 'case':
      line += `:(${name})`;
      break;
    case 'leaf': case 'leaf-list': {
      const opt = n.kind === 'leaf-list' ? '*' : n.isKey || n.mandatory ? '' : '?';
      line += `${f} ${`${name}${opt}`.padEnd(w + 1)}   ${typeName(printed, n.type)}`;
      break;
    }
    case 'anydata': case 'anyxml':
      line += `${f} ${`${name}${n.mandatory ? '' : '?'}`.padEnd(w + 1)}   <${n.kind}>`;
      break;
    default:
      line += `${f} ${name}`;
  }
  if (n.ifFeatures.length > 0) line += ` {${n.ifFeatures.join(',')}}?`;
  if (n.recursive) line += ' ...';
  out.push(line.trimEnd());
  if (n.recursive) return;
  const kids = schemaChildren(n);
  const childWidth = n.kind === 'choice' || n.kind === 'case' ? Math.max(w - 3, 0) : 0;
  printChildren(printed, kids, prefix, m, childWidth, out);
};

/** Nodes this module adds to other modules, grouped by their target. */
const augments = (printed: ModuleMeta, ctx: SchemaContext): Map<SchemaNode, SchemaNode[]> => {
  const found = new Map<SchemaNode, SchemaNode[]>();
  const walk = (n: SchemaNode): void => {
    if (n.recursive) return;
    for (const c of schemaChildren(n)) {
      if (c.module === printed && n.module !== printed) found.set(n, [...(found.get(n) ?? []), c]);
      else walk(c);
    }
  };
  for (const m of ctx.modules.values()) if (m !== printed) for (const c of schemaChildren(m)) walk(c);
  return found;
};

const pathOf = (printed: Printed, n: SchemaNode): string => {
  const steps: string[] = [];
  for (let p: SchemaNode | undefined = n; p !== undefined; p = p.parent) steps.unshift(`${printed.prefixOf(p.module.name)}:${p.name}`);
  return `/${steps.join('/')}`;
};

export const printTree = (module: ModuleMeta, ctx: SchemaContext): string => {
  const out = [`module: ${module.name}`];
  const printed = printedModule(module, ctx);
  printChildren(printed, module.children, '', 'data', 0, out);
  for (const [target, kids] of augments(module, ctx)) {
    out.push('', `  augment ${pathOf(printed, target)}:`);
    const mode: Mode = target.kind === 'input' ? 'input' : target.kind === 'output' ? 'output' : 'data';
    printChildren(printed, kids, '  ', mode, 0, out);
  }
  if (module.rpcs.length > 0) {
    out.push('', '  rpcs:');
    printChildren(printed, module.rpcs, '  ', 'data', 0, out);
  }
  if (module.notifications.length > 0) {
    out.push('', '  notifications:');
    printChildren(printed, module.notifications, '  ', 'data', 0, out);
  }
  return `${out.join('\n')}\n`;
};
