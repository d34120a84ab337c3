/**
 * XNode over RFC 7951 JSON. Member names `module:name` set the module;
 * unqualified names inherit the parent's. An object is a container, an array
 * of objects a list (one entry per element), an array of scalars a leaf-list,
 * `[null]` an empty leaf, a scalar a leaf. Metadata members (`@`, `@name`,
 * RFC 7952) are skipped.
 *
 * Wrappers are made lazily, one per node, the first time a parent's children
 * are asked for, and kept, so node identity is stable.
 */
import type { XNode, XNodeKind } from './x-node.ts';

class JsonXNode implements XNode {
  private kids: JsonXNode[] | undefined;

  constructor(
    readonly kind: XNodeKind,
    readonly name: string,
    readonly module: string,
    readonly parent: JsonXNode | undefined,
    readonly siblingIndex: number,
    private readonly value: unknown,
  ) {}

  children(): readonly JsonXNode[] {
    return (this.kids ??= this.makeChildren());
  }

  stringValue(): string {
    const v = this.value;
    if (typeof v === 'string') return v;
    if (typeof v === 'number' || typeof v === 'boolean') return String(v);
    return '';
  }

  private makeChildren(): JsonXNode[] {
    const v = this.value;
    if (this.kind === 'leaf' || this.kind === 'leaf-list-entry' || !isObject(v)) return [];
    const out: JsonXNode[] = [];
    for (const key of Object.keys(v)) {
      if (key.startsWith('@')) continue;
      const colon = key.indexOf(':');
      const module = colon < 0 ? this.module : key.slice(0, colon);
      const name = colon < 0 ? key : key.slice(colon + 1);
      this.addMember(out, module, name, v[key]);
    }
    return out;
  }

  private addMember(out: JsonXNode[], module: string, name: string, m: unknown): void {
    if (Array.isArray(m)) {
      if (m.length === 1 && m[0] === null) {
        out.push(new JsonXNode('leaf', name, module, this, out.length, ''));
        return;
      }
      for (const e of m) {
        const kind = isObject(e) ? 'list-entry' : 'leaf-list-entry';
        out.push(new JsonXNode(kind, name, module, this, out.length, e));
      }
      return;
    }
    const kind = isObject(m) ? 'container' : 'leaf';
    out.push(new JsonXNode(kind, name, module, this, out.length, m ?? ''));
  }
}

function isObject(v: unknown): v is Readonly<Record<string, unknown>> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The root node of an RFC 7951 JSON document (top-level members module-qualified). */
export function jsonXNode(doc: Readonly<Record<string, unknown>>): XNode {
  return new JsonXNode('root', '', '', undefined, 0, doc);
}
