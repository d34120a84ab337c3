/**
 * The schema side of an instance-identifier (RFC 7950 §9.13): follows its
 * steps through the schema and gives each key or leaf-list value in the
 * canonical form of its type, as the data holds it (`[id='007']` names the
 * entry whose id is 7). Steps the schema does not have are left as they
 * are: the value is still checked for syntax only.
 */
import type { DataNodeMeta, IdentityMeta, ListMeta, SchemaContext } from '../meta/meta.ts';
import { findDataChild } from '../meta/navigate.ts';
import { codecFor } from './codec-for.ts';

export class InstanceKeyValues {
  #at: DataNodeMeta | undefined;
  #lost = false;

  constructor(private readonly schema: SchemaContext) {}

  /** Moves to the child `module:name` of the current node (of the root at first). */
  enter(module: string, name: string): void {
    if (this.#lost) return;
    const holder = this.#at === undefined ? this.schema.modules.get(module) : this.#at;
    const next = holder !== undefined && 'children' in holder ? findDataChild(holder, module, name) : undefined;
    if (next === undefined) this.#lost = true;
    this.#at = next;
  }

  /**
   * The canonical text of the value of key `name` (or of the leaf-list
   * entry, for `.`) of the current node. Throws a SyntaxError when the
   * value is not one of that type.
   */
  canonical(name: string, value: string): string {
    const at = this.#at;
    if (this.#lost || at === undefined) return value;
    const leaf = name === '.' ? (at.kind === 'leaf-list' ? at : undefined) : (at as ListMeta).keys?.find((k) => k.name === name);
    if (leaf === undefined) return value;
    const identity = (module: string, id: string): IdentityMeta | undefined => this.schema.modules.get(module)?.identities.get(id);
    const codec = codecFor(leaf.type.base);
    const r = codec.decodeString(leaf.type, value, { qualifier: 'module', leafModule: leaf.module.name, identity });
    if (!r.ok) throw new SyntaxError(`"${value}" is not a value of ${name === '.' ? `leaf-list "${at.name}"` : `key "${name}" of list "${at.name}"`}: ${r.errors[0]?.message ?? 'invalid'}`);
    return codec.encodeString(leaf.type, r.value);
  }
}
