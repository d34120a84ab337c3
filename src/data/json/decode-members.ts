/**
 * The members of one JSON object: each name resolved to a data node and
 * checked (known, qualified as the mode requires, given once, config in a
 * config document, one case per choice), then its value decoded. Every
 * problem is reported and the member skipped; the others go on.
 *
 * Tags: a member naming no node → 'unknown-element' / 'unknown-namespace' /
 * 'bad-element' (see `resolveMember`); a node given twice in one object (as
 * `name` and `module:name`) → 'bad-element'; members of two cases of one
 * choice → 'bad-element', at the object's path; a config false node in a
 * config document → 'unknown-element' at the node's path (RFC 6241 App. A:
 * "an unexpected element is present"; libyang: "Unexpected data state
 * node"); a metadata annotation (`@name`, RFC 7952, none supported) →
 * 'unknown-attribute'.
 */
import type { DataNodeMeta } from '../../meta/meta.ts';
import type { DataValue } from '../data-container.ts';
import { childPath, type DataPath } from '../data-path.ts';
import { ChoiceGuard } from './choice-guard.ts';
import { report, type DecodeContext } from './decode-context.ts';
import { decodeNode } from './decode-node.ts';
import { resolveMember, type MemberScope } from './resolve-member.ts';

/** Values decoded before the rest (list keys); a node present here is not decoded again. */
export type Predecoded = ReadonlyMap<DataNodeMeta, DataValue | undefined>;

export interface Member {
  readonly node: DataNodeMeta;
  readonly name: string;
  readonly json: unknown;
}

/** Admits the members of one object one at a time: each must name a node, once, allowed here. */
export class MemberGate {
  readonly #seen = new Map<DataNodeMeta, string>();
  readonly #choices = new ChoiceGuard();

  constructor(readonly scope: MemberScope, readonly path: DataPath, readonly ctx: DecodeContext) {}

  /** The member, or undefined when refused (the reason reported). */
  admit(name: string, json: unknown): Member | undefined {
    const { scope, path, ctx } = this;
    if (name.startsWith('@')) {
      report(ctx, 'unknown-attribute', `member "${name}": metadata annotations (RFC 7952) are not supported`, path);
      return undefined;
    }
    const r = resolveMember(name, scope, ctx.strict, ctx.schema);
    if (!r.ok) {
      report(ctx, r.tag, r.message, path);
      return undefined;
    }
    const node = r.node;
    const before = this.#seen.get(node);
    if (before !== undefined) {
      report(ctx, 'bad-element', `${node.kind} "${node.name}" is given twice in ${scope.label}, as "${before}" and as "${name}"`, path);
      return undefined;
    }
    this.#seen.set(node, name);
    if (ctx.configOnly && !node.config) {
      report(ctx, 'unknown-element', `${node.kind} "${node.name}" is state data (config false) and cannot appear in configuration`, childPath(path, node));
      return undefined;
    }
    const conflict = this.#choices.admit(node, name);
    if (conflict !== undefined) {
      report(ctx, 'bad-element', conflict, path);
      return undefined;
    }
    return { node, name, json };
  }
}

/** Admits and decodes the members of `obj` in document order, handing each decoded value to `place`. */
export function decodeMembers(
  obj: Record<string, unknown>, scope: MemberScope, path: DataPath, ctx: DecodeContext,
  place: (node: DataNodeMeta, value: DataValue) => void, predecoded?: Predecoded,
): void {
  const gate = new MemberGate(scope, path, ctx);
  for (const [name, json] of Object.entries(obj)) {
    const member = gate.admit(name, json);
    if (member === undefined) continue;
    const value = predecoded?.has(member.node) === true
      ? predecoded.get(member.node)
      : decodeNode(member, obj, path, ctx);
    if (value !== undefined) place(member.node, value);
  }
}
