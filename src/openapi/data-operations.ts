/**
 * The methods of one data resource, as the server answers them
 * (src/http/core/response/allow.ts): GET everywhere; PUT, PATCH and DELETE
 * on configuration containers, list entries, leaves (not list keys),
 * leaf-list entries and anydata; POST (create a child) on configuration
 * containers and list entries; a whole list or leaf-list and all state data
 * GET only. Write methods only where the reader may write. `insert` and
 * `point` only where an ordered-by user list or leaf-list takes the entry.
 */
import type { DataNodeMeta, ListMeta, ContainerMeta } from '../meta/meta.ts';
import { modalBody, type BodyMode } from './body-mode.ts';
import type { JsonSchema } from './json-schema.ts';
import { oneLine } from './one-line.ts';
import { errorsOf, type PathContext } from './path-context.ts';
import { INSERT_PARAMETERS, READ_PARAMETERS } from './query-parameters.ts';
import type { BodyContent } from './schema-components.ts';

/** How a path names its node: the node itself, all entries of a list or leaf-list, or one entry. */
export type Shape = 'node' | 'whole' | 'entry';

export interface DataResource {
  readonly node: DataNodeMeta;
  readonly shape: Shape;
  /** The schema path text for operation ids. */
  readonly schemaPath: string;
  readonly tag: string;
}

const orderedByUser = (node: DataNodeMeta): boolean => (node.kind === 'list' || node.kind === 'leaf-list') && node.orderedBy === 'user';

/** The value a resource is written as in a body: a list entry and a leaf-list entry as a one-element array. */
const resourceValue = (ctx: PathContext, r: DataResource, content: BodyContent, mode: BodyMode): JsonSchema => {
  const { node } = r;
  const c = ctx.components;
  if (node.kind === 'list') {
    const items = c.ref(node, content, mode);
    return r.shape === 'entry' ? { type: 'array', items, minItems: 1, maxItems: 1 } : { type: 'array', items };
  }
  if (node.kind === 'leaf-list' && r.shape === 'entry') {
    const whole = c.value(node, content, mode) as { items: JsonSchema };
    return { type: 'array', items: whole.items, minItems: 1, maxItems: 1 };
  }
  return c.value(node, content, mode);
};

/** `{"<name>": value}`: a resource's document, the target as its only member. */
const resourceDocument = (ctx: PathContext, r: DataResource, content: BodyContent, mode: BodyMode): JsonSchema => {
  const label = ctx.components.label(r.node, mode);
  return { type: 'object', properties: { [label]: resourceValue(ctx, r, content, mode) }, required: [label], additionalProperties: false };
};

/** The body of a POST that creates a child of a container or list entry: one of its configuration children (keys excluded: they name the entry). */
const childBody = (ctx: PathContext, holder: ContainerMeta | ListMeta, mode: BodyMode): { schema: JsonSchema | undefined; ordered: boolean } => {
  const c = ctx.components;
  const keys = new Set<DataNodeMeta>(holder.kind === 'list' ? holder.keys : []);
  let ordered = false;
  const alternatives: JsonSchema[] = [];
  for (const child of c.members(holder, 'create', mode).values()) {
    if (keys.has(child) || !ctx.components.view.may('create', child)) continue;
    ordered ||= orderedByUser(child);
    const label = c.label(child, mode);
    const value = child.kind === 'list' ? { type: 'array', items: c.ref(child, 'create', mode), minItems: 1, maxItems: 1 }
      : child.kind === 'leaf-list' ? { type: 'array', items: (c.value(child, 'create', mode) as { items: JsonSchema }).items, minItems: 1, maxItems: 1 }
        : c.value(child, 'create', mode);
    alternatives.push({ type: 'object', properties: { [label]: value }, required: [label], additionalProperties: false });
  }
  return { schema: alternatives.length === 0 ? undefined : { oneOf: alternatives }, ordered };
};

export const dataOperations = (ctx: PathContext, r: DataResource): Record<string, JsonSchema> => {
  const { node, shape, tag } = r;
  const view = ctx.components.view;
  const what = `${shape === 'entry' ? `an entry of ${node.kind}` : shape === 'whole' ? `every entry of ${node.kind}` : node.kind} ${node.module.name}:${node.name}`;
  const description = oneLine(node.description);
  const id = (method: string): string => ctx.ids.take(method, r.schemaPath);
  const ops: Record<string, JsonSchema> = {
    get: {
      tags: [tag], operationId: id('get'), summary: `Read ${what}`, ...(description === undefined ? {} : { description }),
      parameters: READ_PARAMETERS,
      responses: { 200: modalBody('The data', (mode) => resourceDocument(ctx, r, 'all', mode)), ...errorsOf(ctx, [400, 401, 403, 404, 406, 500]) },
    },
  };
  const writable = node.config && shape !== 'whole' && !(node.kind === 'leaf' && node.isKey);
  if (!writable) return ops;
  if (view.may('create', node) || view.may('update', node)) {
    const ordered = shape === 'entry' && orderedByUser(node) ? INSERT_PARAMETERS : [];
    ops.put = {
      tags: [tag], operationId: id('put'), summary: `Create or replace ${what}`, ...(ordered.length > 0 ? { parameters: ordered } : {}),
      requestBody: { ...modalBody(`The new ${what}, whole`, (mode) => resourceDocument(ctx, r, 'create', mode)), required: true },
      responses: { 201: { description: 'Created' }, 204: { description: 'Replaced' }, ...errorsOf(ctx, [400, 401, 403, 404, 409, 415, 500]) },
    };
    ops.patch = {
      tags: [tag], operationId: id('patch'), summary: `Merge into ${what}`,
      requestBody: { ...modalBody(`What to merge into ${what}`, (mode) => resourceDocument(ctx, r, 'config', mode)), required: true },
      responses: { 204: { description: 'Merged' }, ...errorsOf(ctx, [400, 401, 403, 404, 409, 415, 500]) },
    };
  }
  if (view.may('delete', node)) {
    ops.delete = { tags: [tag], operationId: id('delete'), summary: `Delete ${what}`, responses: { 204: { description: 'Deleted' }, ...errorsOf(ctx, [400, 401, 403, 404, 409, 500]) } };
  }
  const bodies = (node.kind === 'container' || node.kind === 'list') && view.may('create', node)
    ? { plain: childBody(ctx, node, 'plain'), strict: childBody(ctx, node, 'strict') } : undefined;
  if (bodies?.plain.schema !== undefined && bodies.strict.schema !== undefined) {
    ops.post = {
      tags: [tag], operationId: id('post'), summary: `Create a child of ${what}`,
      ...(bodies.strict.ordered ? { parameters: INSERT_PARAMETERS } : {}),
      requestBody: { ...modalBody('The child to create, as its only member (a list entry with its keys)', (mode) => bodies[mode].schema ?? {}), required: true },
      responses: { 201: { description: 'Created; Location names it' }, ...errorsOf(ctx, [400, 401, 403, 404, 409, 415, 500]) },
    };
  }
  return ops;
};
