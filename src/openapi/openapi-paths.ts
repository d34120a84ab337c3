/**
 * Every RESTCONF path of the served modules the reader may see: under
 * /restconf/data each container; each list as a whole and each entry (its
 * keys as `{…}` path parameters; a list without keys has no entry paths and
 * nothing below it is addressable); each leaf, list key leaf included; each
 * leaf-list as a whole and each entry (`={value}`); anydata; actions beside
 * their data node; notifications as event streams. rpcs under
 * /restconf/operations. What each method there takes and answers is
 * data-operations.ts and operation-paths.ts.
 */
import type { ContainerMeta, DataNodeMeta, LeafListMeta, ListMeta, ModuleMeta } from '../meta/meta.ts';
import { dataChildren } from '../meta/navigate.ts';
import { qualifiedName } from '../meta/qualified-name.ts';
import { dataOperations, type Shape } from './data-operations.ts';
import type { JsonSchema } from './json-schema.ts';
import { notificationGet, operationPost } from './operation-paths.ts';
import type { PathContext } from './path-context.ts';

interface Place {
  readonly path: string;
  readonly schemaPath: string;
  readonly parameters: readonly JsonSchema[];
  readonly names: ReadonlySet<string>;
  readonly module: ModuleMeta | undefined;
}

const pathParameter = (name: string, taken: Set<string>, description: string, schema: JsonSchema): { name: string; param: JsonSchema } => {
  let unique = name;
  for (let i = 2; taken.has(unique); i++) unique = `${name}-${i}`;
  taken.add(unique);
  return { name: unique, param: { name: unique, in: 'path', required: true, description, schema } };
};

export const openapiPaths = (modules: readonly ModuleMeta[], ctx: PathContext): Record<string, Record<string, unknown>> => {
  const c = ctx.components;
  const paths: Record<string, Record<string, unknown>> = {};
  const add = (path: string, ops: Record<string, JsonSchema>, parameters: readonly JsonSchema[]): void => {
    paths[path] = { ...(parameters.length > 0 ? { parameters: [...parameters] } : {}), ...paths[path], ...ops };
  };
  const resource = (node: DataNodeMeta, shape: Shape, path: string, schemaPath: string, parameters: readonly JsonSchema[], tag: string): void =>
    add(path, dataOperations(ctx, { node, shape, schemaPath, tag }), parameters);

  const entry = (node: ListMeta | LeafListMeta, at: Place, names: Set<string>): { path: string; schemaPath: string; parameters: JsonSchema[] } => {
    const keys = node.kind === 'list'
      ? node.keys.map((k) => pathParameter(`${node.name}-${k.name}`, names, `Key ${k.name} of ${node.name} (percent-encoded)`, c.value(k, 'all', 'strict')))
      : [pathParameter(`${node.name}-value`, names, `The value of the ${node.name} entry (percent-encoded)`, c.value(node, 'all', 'strict').items as JsonSchema)];
    return {
      path: `${at.path}=${keys.map((k) => `{${k.name}}`).join(',')}`,
      schemaPath: `${at.schemaPath}=${node.kind === 'list' ? node.keys.map((k) => k.name).join(',') : 'value'}`,
      parameters: [...at.parameters, ...keys.map((k) => k.param)],
    };
  };

  const walk = (node: DataNodeMeta, parent: Place, tag: string): void => {
    if (!c.shows(node)) return;
    const name = qualifiedName(node, parent.module);
    const here: Place = { ...parent, path: `${parent.path}/${name}`, schemaPath: `${parent.schemaPath}${parent.schemaPath === '' ? '' : '/'}${name}` };
    if (node.kind === 'leaf-list' || node.kind === 'list') {
      resource(node, 'whole', here.path, here.schemaPath, here.parameters, tag);
      if (node.kind === 'list' && node.keys.length === 0) return;
      const names = new Set(parent.names);
      const e = entry(node, here, names);
      resource(node, 'entry', e.path, e.schemaPath, e.parameters, tag);
      if (node.kind === 'leaf-list') return;
      return below(node, { path: e.path, schemaPath: e.schemaPath, parameters: e.parameters, names, module: node.module }, tag);
    }
    resource(node, 'node', here.path, here.schemaPath, here.parameters, tag);
    if (node.kind === 'container') below(node, { ...here, module: node.module }, tag);
  };

  const below = (node: ContainerMeta | ListMeta, here: Place, tag: string): void => {
    if (node.recursive) return;
    const view = c.view;
    for (const action of node.actions) {
      if (!view.may('exec', action)) continue;
      const name = qualifiedName(action, node.module);
      add(`${here.path}/${name}`, { post: operationPost(ctx, action, `${here.schemaPath}/${name}`, tag) }, here.parameters);
    }
    for (const n of node.notifications) {
      if (!view.may('read', n)) continue;
      const name = qualifiedName(n, node.module);
      add(`${here.path}/${name}`, { get: notificationGet(ctx, n, `${here.schemaPath}/${name}`, tag) }, here.parameters);
    }
    for (const child of dataChildren(node.children)) walk(child, here, tag);
  };

  for (const m of modules) {
    const root: Place = { path: '/restconf/data', schemaPath: '', parameters: [], names: new Set(), module: undefined };
    for (const child of dataChildren(m.children)) walk(child, root, m.name);
    for (const rpc of m.rpcs) if (c.view.may('exec', rpc)) add(`/restconf/operations/${m.name}:${rpc.name}`, { post: operationPost(ctx, rpc, `${m.name}:${rpc.name}`, m.name) }, []);
    for (const n of m.notifications) if (c.view.may('read', n)) add(`/restconf/data/${m.name}:${n.name}`, { get: notificationGet(ctx, n, `${m.name}:${n.name}`, m.name) }, []);
  }
  return paths;
};
