/**
 * rxconf replicas in this process on one NATS (createServer with `cluster`),
 * serving test/store/fixtures/st-store.yang on 127.0.0.1, free ports.
 */
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';

export const fixtures = join(import.meta.dirname, '..', '..', 'store', 'fixtures');

export interface Replica {
  readonly server: RxconfServer;
  readonly url: string;
}

export const startReplica = async (servers: string, o: { readonly stream?: string; readonly replicas?: number; readonly data?: string; readonly replica?: string; readonly snapshotEvery?: number; readonly turns?: boolean } = {}): Promise<Replica> => {
  const server = createServer({
    searchPath: [fixtures],
    modules: ['st-store'],
    data: o.data ?? false,
    host: '127.0.0.1',
    port: 0,
    logger: false,
    cluster: {
      servers: servers.split(','),
      ...(o.stream === undefined ? {} : { stream: o.stream }),
      ...(o.replicas === undefined ? {} : { replicas: o.replicas }),
      ...(o.replica === undefined ? {} : { replica: o.replica }),
      ...(o.snapshotEvery === undefined ? {} : { snapshotEvery: o.snapshotEvery }),
      ...(o.turns === undefined ? {} : { turns: o.turns }),
      publishTimeoutMs: 2_000,
    },
  });
  const address = await server.listen();
  return { server, url: address.url };
};

export const JSON_TYPE = { 'content-type': 'application/yang-data+json' };

/** A request to `url`'s /restconf/data/PATH with a JSON body. */
export const send = (url: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${url}/restconf/data/${path}`, {
    method,
    headers: { ...JSON_TYPE, ...headers },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    signal: AbortSignal.timeout(20_000),
  });

/** The entries' ids a replica holds (sorted). */
export const entryIds = async (url: string, headers: Record<string, string> = {}): Promise<number[]> => {
  const r = await send(url, 'GET', 'st-store:', undefined, headers);
  if (r.status !== 200) throw new Error(`GET ${url}: ${r.status} ${await r.text()}`);
  const body = await r.json() as { 'st-store:entry'?: { id: number }[] };
  return (body['st-store:entry'] ?? []).map((e) => e.id).sort((a, b) => a - b);
};
