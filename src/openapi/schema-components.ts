/**
 * The body schemas of an OpenAPI document: one named component per
 * container, list entry, operation input/output and notification, per
 * content (`all` for answers, `config` for merge bodies, `create` for the
 * bodies that create or replace) and per mode (strict RFC 7951 names, or
 * the plain mode's), referenced by `$ref` so a subtree is written once
 * however many paths reach it. A body that creates or replaces names its
 * mandatory nodes (and the keys of list entries) as `required`; answers do
 * not, since `fields`, `depth` and access control may leave them out.
 */
import { memberLabel } from '../data/json/member-label.ts';
import { holderIndex } from '../data/json/name-index.ts';
import type { ContainerMeta, DataDef, DataNodeMeta, IoMeta, ListMeta, ModuleMeta, NotificationMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import type { BodyMode } from './body-mode.ts';
import type { JsonSchema } from './json-schema.ts';
import { oneLine } from './one-line.ts';
import { FULL_VIEW, type SchemaView } from './schema-view.ts';
import { typeSchema } from './type-schema.ts';

export type BodyContent = 'all' | 'config' | 'create';
type Holder = ContainerMeta | ListMeta | IoMeta | NotificationMeta;
type AnyHolder = Holder | ModuleMeta;

const described = (schema: JsonSchema, node: { readonly description: string | undefined }): JsonSchema =>
  node.description === undefined ? schema : { ...schema, description: oneLine(node.description) };

/** `mod:a/b/c` for a holder, the component name made of it. */
const holderPath = (node: Holder): string => {
  const parts: string[] = [];
  for (let n: { name: string; parent: unknown; kind: string; module: ModuleMeta } | undefined = node; n !== undefined; n = n.parent as typeof n) {
    if (n.kind !== 'choice' && n.kind !== 'case') parts.unshift(n.name);
    if (n.parent === undefined) parts[0] = `${n.module.name}.${parts[0]}`;
  }
  return parts.join('.');
};

/** The holder whose JSON object a node is a member of (its parent through choice and case, or its module). */
export const holderOf = (node: DataNodeMeta): AnyHolder => {
  let p = node.parent;
  while (p !== undefined && (p.kind === 'choice' || p.kind === 'case')) p = p.parent;
  return (p ?? node.module) as AnyHolder;
};

/** Whether a node is in an operation's input or output or a notification, where `config` says nothing (every node there is written). */
const inOperation = (node: { readonly kind: string; readonly parent: unknown }): boolean => {
  for (let p: typeof node | undefined = node; p !== undefined; p = p.parent as typeof node | undefined) {
    if (p.kind === 'input' || p.kind === 'output' || p.kind === 'notification') return true;
  }
  return false;
};

/** Whether a body that writes `node` may hold it: configuration, or anything in an operation's input. */
const writable = (node: DataNodeMeta): boolean => node.config || inOperation(node);

/** Whether a node must be present wherever its parent is (RFC 7950 §3: mandatory nodes), with no `when` making it conditional. */
const mandatoryHere = (node: DataNodeMeta): boolean => {
  if (node.when.length > 0 || !writable(node)) return false;
  switch (node.kind) {
    case 'leaf': case 'anydata': case 'anyxml': return node.mandatory;
    case 'list': case 'leaf-list': return node.minElements > 0;
    case 'container': return node.presence === undefined && !node.recursive
      && node.children.some((c) => (c.kind === 'choice' ? c.mandatory && c.when.length === 0 : mandatoryHere(c)));
  }
};

export class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};
  readonly #names = new Map<Holder, Map<string, string>>();

  constructor(readonly view: SchemaView = FULL_VIEW) {}

  /** Whether the document shows the node (its reader may read it or something below it). */
  shows(node: DataNodeMeta): boolean {
    return this.view.may('read', node);
  }

  /** The member name of a node at the top of a body: `module:name` strict, the plain mode's name else. */
  label(node: DataNodeMeta, mode: BodyMode): string {
    return mode === 'strict' ? qualifiedName(node, undefined) : memberLabel(node, undefined, false, holderIndex(holderOf(node)));
  }

  /** A `$ref` to the object schema of a holder's children (a list: of one entry). */
  ref(holder: Holder, content: BodyContent, mode: BodyMode): JsonSchema {
    let byKind = this.#names.get(holder);
    if (byKind === undefined) this.#names.set(holder, (byKind = new Map()));
    const kind = `${content}/${mode}`;
    let name = byKind.get(kind);
    if (name === undefined) {
      const base = `${holderPath(holder).replace(/[^A-Za-z0-9._-]/g, '_')}${content === 'all' ? '' : `.${content}`}${mode === 'plain' ? '.plain' : ''}`;
      name = base;
      for (let i = 2; Object.hasOwn(this.schemas, name); i++) name = `${base}_${i}`;
      byKind.set(kind, name);
      this.schemas[name] = {}; // claimed before filling: recursion ends at the ref
      this.schemas[name] = described(this.object(holder, content, mode), holder);
    }
    return { $ref: `#/components/schemas/${name}` };
  }

  /** The members a holder's JSON object may have, by their names in `mode`. */
  members(holder: AnyHolder, content: BodyContent, mode: BodyMode): Map<string, DataNodeMeta> {
    const parentModule = holder.kind === 'module' ? undefined : holder.module;
    const index = holderIndex(holder);
    const keys = holder.kind === 'list' ? new Set<DataNodeMeta>(holder.keys) : new Set<DataNodeMeta>();
    const out = new Map<string, DataNodeMeta>();
    for (const child of dataChildren(holder.children)) {
      if (content !== 'all' && !writable(child)) continue;
      if (!keys.has(child) && !this.shows(child)) continue;
      out.set(mode === 'strict' ? qualifiedName(child, parentModule) : memberLabel(child, parentModule, false, index), child);
    }
    return out;
  }

  /** The object holding a holder's children; list keys required, and for `create` the mandatory nodes too. */
  object(holder: Holder, content: BodyContent, mode: BodyMode): JsonSchema {
    if (holder.recursive) return { type: 'object', description: 'a recursive grouping: the same shape as the enclosing node of this name' };
    const members = this.members(holder, content, mode);
    const properties: Record<string, JsonSchema> = {};
    const labels = new Map<DataNodeMeta, string>();
    for (const [label, child] of members) {
      properties[label] = this.value(child, content, mode);
      labels.set(child, label);
    }
    const out: Record<string, unknown> = { type: 'object', properties };
    const required = holder.kind === 'list' ? holder.keys.map((k) => labels.get(k)).filter((l) => l !== undefined) : [];
    if (content === 'create') {
      for (const [label, child] of members) if (!required.includes(label) && mandatoryHere(child)) required.push(label);
      const choices = this.mandatoryChoices(holder.children, labels);
      if (choices.length === 1) out.anyOf = choices[0];
      else if (choices.length > 1) out.allOf = choices.map((anyOf) => ({ anyOf }));
    }
    if (required.length > 0) out.required = required;
    return out;
  }

  /** Each mandatory choice (RFC 7950 §7.9.4) as the alternatives that satisfy it: one of its data nodes present. */
  private mandatoryChoices(children: readonly DataDef[], labels: ReadonlyMap<DataNodeMeta, string>): JsonSchema[][] {
    const out: JsonSchema[][] = [];
    for (const c of children) {
      if (c.kind !== 'choice' || !c.mandatory || c.when.length > 0 || !(c.config || inOperation(c))) continue;
      const names = c.cases.flatMap((k) => dataChildren(k.children)).map((n) => labels.get(n)).filter((l) => l !== undefined);
      if (names.length > 0) out.push(names.map((name) => ({ required: [name] })));
    }
    return out;
  }

  /** The JSON value of one data node: a leaf's type, an array for a leaf-list or list, an object for a container. */
  value(node: DataNodeMeta, content: BodyContent, mode: BodyMode): JsonSchema {
    switch (node.kind) {
      case 'leaf': {
        const s = typeSchema(node.type, mode);
        const text = [oneLine(node.description), s.description as string | undefined, node.units === undefined ? undefined : `units: ${node.units}`].filter((d) => d !== undefined).join('. ');
        const out: Record<string, unknown> = { ...s };
        if (node.default !== undefined) out.default = defaultValue(s, node.default);
        if (text !== '') out.description = text;
        return out;
      }
      case 'leaf-list': case 'list': {
        const s: Record<string, unknown> = { type: 'array', items: node.kind === 'list' ? this.ref(node, content, mode) : typeSchema(node.type, mode) };
        if (content === 'create' && node.minElements > 0) s.minItems = node.minElements;
        if (node.maxElements !== undefined) s.maxItems = node.maxElements;
        return node.kind === 'list' ? s : described(s, node);
      }
      case 'container':
        return this.ref(node, content, mode);
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
