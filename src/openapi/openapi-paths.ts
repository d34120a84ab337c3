/**
 * Every RESTCONF path of the served modules and what each method there
 * takes and answers: data resources (containers, list entries with their
 * keys as `{…}` path parameters, leaves and leaf-lists) under
 * /restconf/data — GET everywhere, PUT, PATCH, POST and DELETE on config —
 * rpcs under /restconf/operations, actions beside their data node, and
 * notifications as event streams (GET, text/event-stream, `filter`).
 */
import type { ContainerMeta, DataNodeMeta, ListMeta, ModuleMeta, NotificationMeta, OperationMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import type { JsonSchema } from './json-schema.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import { INSERT_PARAMETERS, READ_PARAMETERS, STREAM_PARAMETERS } from './query-parameters.ts';
import type { BodyContent, SchemaComponents } from './schema-components.ts';

const JSON_TYPE = 'application/yang-data+json';
const ERRORS = { default: { $ref: '#/components/responses/error' } };

interface Place {
  readonly path: string;
  readonly parameters: readonly JsonSchema[];
  readonly names: ReadonlySet<string>;
  readonly module: ModuleMeta | undefined;
}

const body = (schema: JsonSchema, description: string): JsonSchema => ({ description, content: { [JSON_TYPE]: { schema } } });

/** The document a data resource is read or written as: `{"mod:name": value}`. */
const resourceSchema = (node: DataNodeMeta, components: SchemaComponents, content: BodyContent): JsonSchema => {
  const name = `${node.module.name}:${node.name}`;
  const value = node.kind === 'list' ? { type: 'array', items: components.ref(node, content), minItems: 1, maxItems: 1 } : components.value(node, content);
  return { type: 'object', properties: { [name]: value }, required: [name] };
};

const nodeOperations = (node: DataNodeMeta, components: SchemaComponents, tag: string): Record<string, JsonSchema> => {
  const what = `${node.kind} ${node.module.name}:${node.name}`;
  const ops: Record<string, JsonSchema> = {
    get: {
      tags: [tag], summary: `Read ${what}`, ...(node.description === undefined ? {} : { description: node.description.replace(/\s+/g, ' ').trim() }),
      parameters: READ_PARAMETERS,
      responses: { 200: body(resourceSchema(node, components, 'all'), 'The data'), ...ERRORS },
    },
  };
  if (!node.config) return ops;
  const edit = body(resourceSchema(node, components, 'config'), `The new ${what}`);
  const ordered = (node.kind === 'list' || node.kind === 'leaf-list') && node.orderedBy === 'user' ? INSERT_PARAMETERS : [];
  ops.put = { tags: [tag], summary: `Create or replace ${what}`, parameters: ordered, requestBody: { ...edit, required: true }, responses: { 201: { description: 'Created' }, 204: { description: 'Replaced' }, ...ERRORS } };
  ops.patch = { tags: [tag], summary: `Merge into ${what}`, requestBody: { ...edit, required: true }, responses: { 204: { description: 'Merged' }, ...ERRORS } };
  ops.delete = { tags: [tag], summary: `Delete ${what}`, responses: { 204: { description: 'Deleted' }, ...ERRORS } };
  if (node.kind === 'container' || node.kind === 'list') {
    const child = { type: 'object', description: `One child resource of ${what}, as {"module:name": value}`, minProperties: 1, maxProperties: 1, properties: components.object(node.children, undefined, 'config').properties };
    ops.post = { tags: [tag], summary: `Create a child of ${what}`, parameters: INSERT_PARAMETERS, requestBody: { ...body(child, 'The child to create'), required: true }, responses: { 201: { description: 'Created' }, ...ERRORS } };
  }
  return ops;
};

const operationPost = (op: OperationMeta, components: SchemaComponents, tag: string): JsonSchema => {
  const name = `${op.module.name}:`;
  const input = { type: 'object', properties: { [`${name}input`]: components.ref(op.input, 'all') } };
  const responses: Record<string, unknown> = op.output.children.length > 0
    ? { 200: body({ type: 'object', properties: { [`${name}output`]: components.ref(op.output, 'all') } }, 'The output') }
    : { 204: { description: 'Done, no output' } };
  return {
    tags: [tag], summary: `Invoke ${op.kind} ${op.module.name}:${op.name}`, ...(op.description === undefined ? {} : { description: op.description.replace(/\s+/g, ' ').trim() }),
    ...(op.input.children.length > 0 ? { requestBody: body(input, 'The input') } : {}),
    responses: { ...responses, ...ERRORS },
  };
};

const notificationGet = (n: NotificationMeta, components: SchemaComponents, tag: string): JsonSchema => ({
  tags: [tag], summary: `Subscribe to notification ${n.module.name}:${n.name}`,
  parameters: STREAM_PARAMETERS,
  responses: {
    200: {
      description: `Server-Sent Events; each event's data is {"ietf-restconf:notification": {"eventTime": …, "${n.module.name}:${n.name}": …}}`,
      content: { 'text/event-stream': { schema: { type: 'string' }, 'x-event-schema': components.ref(n, 'all') } },
    },
    ...ERRORS,
  },
});

const keyParameter = (list: ListMeta, key: string, taken: Set<string>, components: SchemaComponents): { name: string; param: JsonSchema } => {
  let name = `${list.name}-${key}`;
  for (let i = 2; taken.has(name); i++) name = `${list.name}-${key}-${i}`;
  taken.add(name);
  const leaf = list.keys.find((k) => k.name === key);
  const schema = leaf === undefined ? { type: 'string' } : components.value(leaf, 'all');
  return { name, param: { name, in: 'path', required: true, description: `Key ${key} of ${list.name} (percent-encoded)`, schema } };
};

export const openapiPaths = (modules: readonly ModuleMeta[], components: SchemaComponents): Record<string, Record<string, unknown>> => {
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, ops: Record<string, JsonSchema>, parameters: readonly JsonSchema[]): void => {
    paths[path] = { ...(parameters.length > 0 ? { parameters: [...parameters] } : {}), ...paths[path], ...ops };
  };
  const walk = (node: DataNodeMeta, parent: Place, tag: string): void => {
    let path = `${parent.path}/${qualifiedName(node, parent.module)}`;
    const parameters = [...parent.parameters];
    const names = new Set(parent.names);
    if (node.kind === 'list' && node.keys.length > 0) {
      const keys = node.keys.map((k) => keyParameter(node, k.name, names, components));
      path += `=${keys.map((k) => `{${k.name}}`).join(',')}`;
      parameters.push(...keys.map((k) => k.param));
    }
    add(path, nodeOperations(node, components, tag), parameters);
    if (node.kind !== 'container' && node.kind !== 'list') return;
    if (node.recursive) return;
    const here: Place = { path, parameters, names, module: node.module };
    for (const action of (node as ContainerMeta | ListMeta).actions) add(`${path}/${qualifiedName(action, node.module)}`, { post: operationPost(action, components, tag) }, parameters);
    for (const n of (node as ContainerMeta | ListMeta).notifications) add(`${path}/${qualifiedName(n, node.module)}`, { get: notificationGet(n, components, tag) }, parameters);
    for (const child of dataChildren(node.children)) walk(child, here, tag);
  };
  for (const m of modules) {
    const root: Place = { path: '/restconf/data', parameters: [], names: new Set(), module: undefined };
    for (const child of dataChildren(m.children)) walk(child, root, m.name);
    for (const rpc of m.rpcs) add(`/restconf/operations/${m.name}:${rpc.name}`, { post: operationPost(rpc, components, m.name) }, []);
    for (const n of m.notifications) add(`/restconf/data/${m.name}:${n.name}`, { get: notificationGet(n, components, m.name) }, []);
  }
  return paths;
};
