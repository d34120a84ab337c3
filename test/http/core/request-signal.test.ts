/**
 * Every node sees the request's abort signal in its context, whether or
 * not filters added to the context and whether or not a node added its own
 * values (by spreading the context it was given); and a request nobody
 * asks the signal of never makes it.
 */
import test from 'ava';
import { Browser, Datastore, Device, type Node, type RequestContext } from '../../../src/actors/index.ts';
import type { CoreRequest } from '../../../src/http/exchange.ts';
import { createRestconfCore, type RequestFilter } from '../../../src/http/core/index.ts';
import { DataContainer } from '../../../src/data/data-container.ts';
import type { ContainerMeta, LeafMeta, ModuleMeta } from '../../../src/meta/meta.ts';
import { findDataChild } from '../../../src/meta/navigate.ts';
import { httpSchema } from './served.ts';

const schema = httpSchema(['hx-bench']);
const module = schema.modules.get('hx-bench') as ModuleMeta;

/** A request whose signal counts how often it was asked for. */
const request = (controller: AbortController, path = '/restconf/data/hx-bench:system'): CoreRequest & { readonly asked: number } => {
  let asked = 0;
  return {
    method: 'GET',
    path,
    query: '',
    headers: new Map([['host', 'localhost']]),
    body: { async *[Symbol.asyncIterator]() {} },
    get signal() {
      asked += 1;
      return controller.signal;
    },
    remoteAddress: '127.0.0.1',
    protocol: 'http/1.1',
    secure: false,
    get asked() {
      return asked;
    },
  };
};

/** A core whose root node records the contexts it and its child were made with. */
const serve = (filters: readonly RequestFilter[], adds: { readonly root: boolean; readonly child: boolean } = { root: false, child: false }) => {
  const store = new Datastore(schema);
  const system = findDataChild(module, undefined, 'system') as ContainerMeta;
  store.root(module).set(system, new DataContainer(system).set(findDataChild(system, undefined, 'hostname') as LeafMeta, 'h1'));
  const seen: RequestContext[] = [];
  const browser = new Browser(module, schema, (ctx) => {
    seen.push(ctx);
    const stored = store.node(module);
    if (!adds.root && !adds.child) return stored;
    const root: Node = Object.create(stored) as Node;
    if (adds.root) root.context = (r) => ({ ...(r.selection?.context ?? {}), tenant: 'blue' });
    root.child = (r) => {
      seen.push(r.selection.context);
      const child = stored.child?.(r) as Node;
      const wrapped: Node = Object.create(child) as Node;
      if (adds.child) wrapped.context = (c) => ({ ...c.selection.context, shelf: 3 });
      wrapped.field = (f) => {
        seen.push(f.selection.context);
        return child.field?.(f);
      };
      return wrapped;
    };
    return root;
  });
  const core = createRestconfCore({ device: new Device(schema).add(browser), filters });
  return { core, seen };
};

test('without filters the context carries the signal, and the AbortController is not asked for until read', async (t) => {
  const { core, seen } = serve([]);
  const controller = new AbortController();
  const req = request(controller);
  await core(req);
  t.is(req.asked, 0);
  t.is(seen[0]?.signal, controller.signal);
});

test('a filter that adds to the context keeps the signal', async (t) => {
  const { core, seen } = serve([() => ({ user: 'ann' })]);
  const controller = new AbortController();
  await core(request(controller));
  t.is(seen[0]?.user, 'ann');
  t.is(seen[0]?.signal, controller.signal);
});

test('nodes that add to the context by spreading it keep the signal for the nodes below', async (t) => {
  for (const adds of [{ root: true, child: true }, { root: false, child: true }, { root: true, child: false }]) {
    const { core, seen } = serve([], adds);
    const controller = new AbortController();
    const res = await core(request(controller, '/restconf/data/hx-bench:system/hostname'));
    t.is(res.status, 200);
    t.is(res.body, '{"hostname":"h1"}');
    const [, atRoot, atSystem] = seen;
    t.is(atRoot?.tenant, adds.root ? 'blue' : undefined);
    t.is(atRoot?.signal, controller.signal);
    t.is(atSystem?.shelf, adds.child ? 3 : undefined);
    t.is(atSystem?.signal, controller.signal);
  }
});
