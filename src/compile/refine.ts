/** refine: changes to a node a uses statement introduced (RFC 7950 §7.13.2). */
import type { Statement } from '../parser/statement.ts';
import type { SchemaNode } from '../meta/meta.ts';
import { extensionUses } from './documented.ts';
import { ifFeaturesHold } from './if-feature.ts';
import { booleanArg, elementsArg, mustsOf, type Compiled, type NodeContext } from './node-context.ts';
import { detach, setConfigFalse } from './schema-edit.ts';
import { argument, subs } from './statements.ts';
import { childrenKey } from './vanished-nodes.ts';

const ALLOWED: Record<string, readonly string[]> = {
  description: ['*'],
  reference: ['*'],
  'if-feature': ['*'],
  config: ['container', 'leaf', 'leaf-list', 'list', 'choice', 'anydata', 'anyxml'],
  default: ['leaf', 'leaf-list', 'choice'],
  mandatory: ['leaf', 'choice', 'anydata', 'anyxml'],
  presence: ['container'],
  must: ['container', 'leaf', 'leaf-list', 'list', 'anydata', 'anyxml'],
  'min-elements': ['list', 'leaf-list'],
  'max-elements': ['list', 'leaf-list'],
};

export const applyRefine = (r: Statement, target: SchemaNode, local: Compiled, ctx: NodeContext): void => {
  const t = target as unknown as Record<string, unknown>;
  for (const c of r.substatements) {
    if (c.prefix !== undefined) continue;
    const kinds = ALLOWED[c.keyword];
    if (kinds === undefined || !(kinds.includes('*') || kinds.includes(target.kind))) {
      ctx.st.diag.error(c.loc, `cannot refine "${c.keyword}" of ${target.kind} "${target.name}"`);
      continue;
    }
    switch (c.keyword) {
      case 'description': case 'reference':
        t[c.keyword] = c.arg;
        break;
      case 'config':
        if (c.arg === 'false') setConfigFalse(target);
        else if (c.arg === 'true' && target.parent !== undefined && !target.parent.config) ctx.st.diag.error(c.loc, `cannot refine "${target.name}" to config true inside config false data`);
        break;
      case 'default':
        if (target.kind === 'leaf') {
          t['default'] = c.arg;
          t['defaultPrefixes'] = ctx.scope.source.prefixes;
        } else if (target.kind === 'leaf-list') {
          t['defaults'] = subs(r, 'default').map(argument);
          t['defaultPrefixes'] = ctx.scope.source.prefixes;
        } else if (target.kind === 'choice') {
          const found = target.cases.find((k) => k.name === c.arg);
          if (found === undefined) ctx.st.diag.error(c.loc, `default case "${argument(c)}" of choice "${target.name}" not found`);
          else t['defaultCase'] = found;
        }
        break;
      case 'mandatory':
        t['mandatory'] = booleanArg(r, 'mandatory', ctx);
        break;
      case 'presence':
        t['presence'] = c.arg;
        break;
      case 'must':
        break;
      case 'min-elements': case 'max-elements': {
        const { min, max } = elementsArg(r, ctx);
        if (c.keyword === 'min-elements') t['minElements'] = min;
        else t['maxElements'] = max;
        break;
      }
      default:
        break;
    }
  }
  const musts = mustsOf(r, ctx);
  if (musts.length > 0) t['musts'] = [...target.musts, ...musts];
  const ext = extensionUses(r, ctx.scope.source, ctx.st);
  if (ext.length > 0) t['extensions'] = [...target.extensions, ...ext];
  if (!ifFeaturesHold(r, ctx.scope.source, ctx.st) && detach(target, local)) {
    ctx.st.vanished.add(target.parent === ctx.parent || target.parent === undefined ? local.children : childrenKey(target.parent), target.name);
  }
};
