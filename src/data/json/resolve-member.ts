/**
 * A JSON member name → the data node it names, or why it names none.
 *
 * A qualifier (`module:name`) must be the node's module. Unqualified, a name
 * means the node of the parent's module (RFC 7951 §4); strict mode requires a
 * qualifier at the top level and wherever the module changes, the simplified
 * mode accepts a name that is unique among the candidates. Tags:
 * 'unknown-element' when no node of that name exists here (or of that
 * module); 'unknown-namespace' when the node exists but the qualifier is
 * wrong, unknown or missing; 'bad-element' when an unqualified name is
 * ambiguous (simplified mode).
 */
import type { ErrorTag } from '../../errors/index.ts';
import type { DataNodeMeta, ModuleMeta, SchemaContext } from '../../meta/meta.ts';
import type { NameIndex } from './name-index.ts';

export interface MemberScope {
  readonly index: NameIndex;
  /** The module of the parent node; undefined at the top level. */
  readonly parentModule: ModuleMeta | undefined;
  /** How the holder is named in messages: `container "system"`, `module "ietf-system"`. */
  readonly label: string;
}

export type Resolution =
  | { readonly ok: true; readonly node: DataNodeMeta }
  | { readonly ok: false; readonly tag: ErrorTag; readonly message: string };

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_.-]*$/;

const fail = (tag: ErrorTag, message: string): Resolution => ({ ok: false, tag, message });
const qualified = (node: DataNodeMeta): string => `"${node.module.name}:${node.name}"`;
const modulesOf = (nodes: readonly DataNodeMeta[]): string => nodes.map((n) => n.module.name).join(', ');

function resolveQualified(qualifier: string, local: string, name: string, candidates: readonly DataNodeMeta[], scope: MemberScope, schema: SchemaContext): Resolution {
  const hit = candidates.find((c) => c.module.name === qualifier);
  if (hit !== undefined) return { ok: true, node: hit };
  if (!schema.modules.has(qualifier)) return fail('unknown-namespace', `member "${name}": "${qualifier}" is not the name of a module`);
  if (candidates.length > 0) {
    return fail('unknown-namespace', `member "${name}": "${local}" in ${scope.label} is in module ${modulesOf(candidates)}, not ${qualifier}`);
  }
  return fail('unknown-element', `member "${name}": ${scope.label} has no data node "${local}" of module ${qualifier}`);
}

function resolveUnqualified(local: string, candidates: readonly DataNodeMeta[], scope: MemberScope, strict: boolean): Resolution {
  const own = scope.parentModule === undefined ? undefined : candidates.find((c) => c.module === scope.parentModule);
  if (own !== undefined) return { ok: true, node: own };
  const [only] = candidates;
  if (only === undefined) return fail('unknown-element', `member "${local}": ${scope.label} has no data node "${local}"`);
  if (strict) {
    const where = scope.parentModule === undefined ? 'a top-level member' : `"${local}" is in another module than its parent, so it`;
    return fail('unknown-namespace', `member "${local}": ${where} must be namespace-qualified, as ${candidates.map(qualified).join(' or ')}`);
  }
  if (candidates.length === 1) return { ok: true, node: only };
  return fail('bad-element', `member "${local}" is ambiguous in ${scope.label}: qualify it as ${candidates.map(qualified).join(' or ')}`);
}

export function resolveMember(name: string, scope: MemberScope, strict: boolean, schema: SchemaContext): Resolution {
  const colon = name.indexOf(':');
  const qualifier = colon < 0 ? undefined : name.slice(0, colon);
  const local = colon < 0 ? name : name.slice(colon + 1);
  if (!IDENTIFIER.test(local) || (qualifier !== undefined && !IDENTIFIER.test(qualifier))) {
    return fail('unknown-element', `member "${name}" is not a YANG node name ("name" or "module:name")`);
  }
  const candidates = scope.index.get(local) ?? [];
  return qualifier === undefined
    ? resolveUnqualified(local, candidates, scope, strict)
    : resolveQualified(qualifier, local, name, candidates, scope, schema);
}
