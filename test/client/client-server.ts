/**
 * A live server for the client tests: test/client/fixtures/client-test.yang
 * on the embedded datastore, with an rpc (echo), an action (user lock), a
 * notification fed by a Subject, state data (system/stats/uptime), over
 * the transport asked for.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Subject } from 'rxjs';
import type { RemoteDevice } from '../../src/client/index.ts';
import { createServer, type RxconfServer } from '../../src/index.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import type { ContainerMeta, LeafMeta } from '../../src/meta/meta.ts';

export const fixtures = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');

export interface ClientTestServer {
  readonly server: RxconfServer;
  readonly url: string;
  readonly alarms: Subject<Record<string, unknown>>;
  readonly locks: string[];
}

export const startServer = async (transport: 'uws' | 'http1', extra: Record<string, unknown> = {}): Promise<ClientTestServer> => {
  const alarms = new Subject<Record<string, unknown>>();
  const locks: string[] = [];
  const server = createServer({
    searchPath: [fixtures],
    modules: ['client-test'],
    transport,
    port: 0,
    logger: false,
    accessLog: false,
    app: (app) => {
      const module = app.schema.modules.get('client-test');
      if (module === undefined) throw new Error('client-test not loaded');
      const system = findDataChild(module, undefined, 'system') as ContainerMeta;
      const stats = findDataChild(system, undefined, 'stats') as ContainerMeta;
      const uptime = findDataChild(stats, undefined, 'uptime') as LeafMeta;
      const root = app.datastore.root(module);
      if (!(root.get(system) instanceof DataContainer)) root.set(system, new DataContainer(system));
      (root.get(system) as DataContainer).set(stats, new DataContainer(stats).set(uptime, 42n));
      app.operation('client-test:echo', ({ input }) => input ?? {});
      app.operation('client-test:system/user/lock', ({ input, path }) => {
        locks.push(`${path}: ${String(input?.['reason'])}`);
        return { locked: true };
      });
      app.notification('client-test:alarm', alarms);
    },
    ...extra,
  } as Parameters<typeof createServer>[0]);
  const { url } = await server.listen();
  return { server, url, alarms, locks };
};

/** The requests the device sends from now on, as `METHOD path`. */
export const spy = (device: RemoteDevice): string[] => {
  const sent: string[] = [];
  const transport = device.link.transport;
  const request = transport.request.bind(transport);
  transport.request = (method, target, body, headers) => {
    sent.push(`${method} ${decodeURIComponent(target.split('?')[0] ?? '')}`);
    return request(method, target, body, headers);
  };
  return sent;
};
