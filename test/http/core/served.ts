/**
 * Test servers' insides: the http fixture modules compiled, served on the
 * embedded datastore (optionally seeded with an RFC 7951 document), with
 * rpc/action handlers given as JSON functions, and a record of what the
 * handlers were called with.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser, DataContainerNode, Datastore, Device, type Node, type RequestContext } from '../../../src/actors/index.ts';
import type { ActionRequest } from '../../../src/actors/requests.ts';
import { DataContainer } from '../../../src/data/data-container.ts';
import { decodeData, decodeDatastore, encodeData } from '../../../src/data/json/index.ts';
import { notImplemented } from '../../../src/errors/predefined.ts';
import { compileSchema } from '../../../src/compile/compile-schema.ts';
import type { ModuleMeta, SchemaContext } from '../../../src/meta/meta.ts';
import { isPending, type Answer } from '../../../src/base/answer.ts';

export const httpFixtures = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'fixtures', 'yang', 'http');

const schemas = new Map<string, SchemaContext>();

/** The named fixture modules (file names without .yang), compiled once. */
export const httpSchema = (modules: readonly string[]): SchemaContext => {
  const key = modules.join(' ');
  let schema = schemas.get(key);
  if (schema === undefined) {
    const r = compileSchema({ searchPath: [httpFixtures], modules: modules.map((m) => ({ file: join(httpFixtures, `${m}.yang`) })) });
    if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
    schema = r.context;
    schemas.set(key, schema);
  }
  return schema;
};

/** An rpc or action handler over JSON: RFC 7951 input members in, output members out. */
export type JsonHandler = (input: Record<string, unknown>, context: RequestContext) => Record<string, unknown> | undefined | Promise<Record<string, unknown> | undefined>;

export interface Invocation {
  readonly operation: string;
  readonly input: Record<string, unknown>;
  readonly user: unknown;
}

export interface ServeOptions {
  /** RFC 7951 data to start with (configuration and state). */
  readonly seed?: Record<string, unknown>;
  /** By `<module>:<operation>`; an operation without one answers notImplemented. */
  readonly handlers?: Readonly<Record<string, JsonHandler>>;
  /** Wraps each module's root node (to refuse callers, fail...). */
  readonly guard?: (node: Node, context: RequestContext, module: ModuleMeta) => Node;
}

export interface Served {
  readonly schema: SchemaContext;
  readonly device: Device;
  readonly store: Datastore;
  readonly invocations: Invocation[];
}

const mapAnswer = <T, U>(a: Answer<T>, f: (v: T) => U): Answer<U> =>
  isPending(a) ? Promise.resolve(a as PromiseLike<T>).then(f) : f(a as T);

/** Every node below `node` answers operations with `act`. */
const withActions = (node: Node, act: NonNullable<Node['action']>): Node => {
  const extra: Partial<Node> = { action: act };
  const { child, next } = node;
  if (child !== undefined) extra.child = (r) => mapAnswer(child.call(node, r), (n) => (n === undefined ? n : withActions(n, act)));
  if (next !== undefined) extra.next = (r) => mapAnswer(next.call(node, r), (i) => (i === undefined ? i : { ...i, node: withActions(i.node, act) }));
  return Object.assign(Object.create(node) as Node, extra);
};

export const serve = (modules: readonly string[], options: ServeOptions = {}): Served => {
  const schema = httpSchema(modules);
  const store = Datastore.load(schema);
  if (options.seed !== undefined) {
    const r = decodeDatastore(options.seed, schema, { strict: true, content: 'all' });
    if (!r.ok) throw new Error(JSON.stringify(r.errors));
    for (const [name, tree] of r.value) {
      const root = store.root(schema.modules.get(name) as ModuleMeta);
      for (const [m, v] of tree.values) root.set(m, v);
    }
  }
  const invocations: Invocation[] = [];
  const handlers = options.handlers;
  const act = (context: RequestContext) => async (r: ActionRequest): Promise<Node | undefined> => {
    const name = `${r.meta.module.name}:${r.meta.name}`;
    const handler = handlers?.[name];
    if (handler === undefined) throw notImplemented;
    const data = r.input === undefined ? undefined : (r.input.node as DataContainerNode).data;
    const input = data === undefined ? {} : encodeData(data, { strict: true, schema });
    invocations.push({ operation: name, input, user: context.user });
    const out = await handler(input, context);
    if (out === undefined) return undefined;
    const decoded = decodeData(out, r.meta.output, { strict: true, content: 'all', schema });
    if (!decoded.ok) throw new Error(`test handler output: ${JSON.stringify(decoded.errors)}`);
    return new DataContainerNode(decoded.value);
  };
  const device = new Device(schema);
  for (const m of modules) {
    const module = schema.modules.get(m) as ModuleMeta;
    device.add(new Browser(module, schema, (context) => {
      const base = handlers === undefined ? store.node(module) : withActions(store.node(module), act(context));
      return options.guard === undefined ? base : options.guard(base, context, module);
    }));
  }
  return { schema, device, store, invocations };
};

export { DataContainer };
