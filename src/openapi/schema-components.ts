/**
 * The body schemas of an OpenAPI document: one named component per
 * container, list entry, operation input/output and notification, per
 * content (`all` for answers, `config` for edit bodies), referenced by
 * `$ref` so a subtree is written once however many paths reach it.
 */
import type { DataDef, DataNodeMeta, IoMeta, ListMeta, ContainerMeta, ModuleMeta, NotificationMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import type { JsonSchema } from './json-schema.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import { typeSchema } from './type-schema.ts';

export type BodyContent = 'all' | 'config';
type Holder = ContainerMeta | ListMeta | IoMeta | NotificationMeta;

const described = (schema: JsonSchema, node: { readonly description: string | undefined }): JsonSchema =>
  node.description === undefined ? schema : { ...schema, description: node.description.replace(/\s+/g, ' ').trim() };

/** `mod:a/b/c` for a holder, the component name made of it. */
const holderPath = (node: Holder): string => {
  const parts: string[] = [];
  for (let n: { name: string; parent: unknown; kind: string; module: ModuleMeta } | undefined = node; n !== undefined; n = n.parent as typeof n) {
    if (n.kind !== 'choice' && n.kind !== 'case') parts.unshift(n.name);
    if (n.parent === undefined) parts[0] = `${n.module.name}.${parts[0]}`;
  }
  return parts.join('.');
};

export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #names = new Map<Holder, Map<BodyContent, string>>();

  /** A `$ref` to the object schema of a holder's children (a list: of one entry). */
  ref(holder: Holder, content: BodyContent): JsonSchema {
    let byContent = this.#names.get(holder);
    if (byContent === undefined) this.#names.set(holder, (byContent = new Map()));
    let name = byContent.get(content);
    if (name === undefined) {
      const base = `${holderPath(holder).replace(/[^A-Za-z0-9._-]/g, '_')}${content === 'config' ? '.config' : ''}`;
      name = base;
      for (let i = 2; Object.hasOwn(this.schemas, name); i++) name = `${base}_${i}`;
      byContent.set(content, name);
      this.schemas[name] = {}; // claimed before filling: recursion ends at the ref
      this.schemas[name] = described(this.object(holder.children, holder.module, content, holder.kind === 'list' ? holder.keys.map((k) => k.name) : [], holder.recursive), holder);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The object holding `children` (members named relative to `parentModule`). */
  object(children: readonly DataDef[], parentModule: ModuleMeta | undefined, content: BodyContent, required: readonly string[] = [], recursive = false): JsonSchema {
    if (recursive) return { type: 'object', description: 'a recursive grouping: the same shape as the enclosing node of this name' };
    const properties: Record<string, JsonSchema> = {};
    for (const child of dataChildren(children)) {
      if (content === 'config' && !child.config) continue;
      properties[qualifiedName(child, parentModule)] = this.value(child, content);
    }
    const out: Record<string, unknown> = { type: 'object', properties };
    if (required.length > 0) out.required = [...required];
    return out;
  }

  /** The JSON value of one data node: a leaf's type, an array for a leaf-list or list, an object for a container. */
  value(node: DataNodeMeta, content: BodyContent): JsonSchema {
    switch (node.kind) {
      case 'leaf': {
        const s = typeSchema(node.type);
        const text = [node.description?.replace(/\s+/g, ' ').trim(), s.description as string | undefined, node.units === undefined ? undefined : `units: ${node.units}`].filter((d) => d !== undefined).join('. ');
        const out: Record<string, unknown> = { ...s };
        if (node.default !== undefined) out.default = defaultValue(s, node.default);
        if (text !== '') out.description = text;
        return out;
      }
      case 'leaf-list': {
        const s: Record<string, unknown> = { type: 'array', items: typeSchema(node.type) };
        if (node.minElements > 0) s.minItems = node.minElements;
        if (node.maxElements !== undefined) s.maxItems = node.maxElements;
        return described(s, node);
      }
      case 'list': {
        const s: Record<string, unknown> = { type: 'array', items: this.ref(node, content) };
        if (node.minElements > 0) s.minItems = node.minElements;
        if (node.maxElements !== undefined) s.maxItems = node.maxElements;
        return s;
      }
      case 'container':
        return this.ref(node, content);
      case 'anydata': case 'anyxml':
        return described({}, node);
    }
  }
}

/** A YANG default (lexical form) as the JSON value its schema has. */
const defaultValue = (schema: JsonSchema, text: string): unknown => {
  if (schema.type === 'integer') return Number(text);
  if (schema.type === 'boolean') return text === 'true';
  return text;
};
