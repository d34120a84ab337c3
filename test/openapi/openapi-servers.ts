/**
 * Real servers the OpenAPI tests ask: the demo module and the
 * openapi-shapes fixture, each on the embedded datastore seeded with data,
 * NACM on (users named by a trusted proxy header, `x-remote-user`, from
 * 127.0.0.1; the recovery user `admin`), and the values that fill each
 * document path's parameters with an instance that exists.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reflectNode } from '../../src/actors/nodes/index.ts';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';

export const DEMO_YANG = join(import.meta.dirname, '..', '..', 'demo', 'yang');
export const SHAPES_YANG = join(import.meta.dirname, '..', 'fixtures', 'yang', 'openapi');

/** Operators may read all but the uptime and write nothing; the nacm container is default-deny-all. */
export const RULES = {
  'write-default': 'deny',
  groups: { group: [{ name: 'operators', 'user-name': ['operator'] }] },
  'rule-list': [{ name: 'operators', group: ['operators'], rule: [
    { name: 'no-uptime', 'module-name': 'rxconf-demo', path: '/rxconf-demo:uptime', 'access-operations': 'read', action: 'deny' },
    { name: 'no-shapes', 'module-name': 'openapi-shapes', 'access-operations': 'read', action: 'deny' },
  ] }],
};

export interface TestServer {
  readonly server: RxconfServer;
  readonly url: string;
  /** Path parameter values naming instances that exist. */
  readonly values: Readonly<Record<string, string>>;
  close(): Promise<void>;
}

const serve = async (data: Record<string, unknown>, options: Partial<ServerOptions>, values: Record<string, string>): Promise<TestServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-openapi-'));
  const file = join(dir, 'data.json');
  writeFileSync(file, JSON.stringify({ ...data, 'ietf-netconf-acm:nacm': RULES }));
  const server = createServer({
    host: '127.0.0.1', port: 0, logger: false, data: file,
    auth: { proxy: { trusted: ['127.0.0.1'] } }, nacm: { recoveryUser: 'admin' },
    ...options,
  } as ServerOptions);
  const { url } = await server.listen();
  return { server, url, values, close: async () => { await server.close(); rmSync(dir, { recursive: true, force: true }); } };
};

export const serveDemo = (extra: Partial<ServerOptions> = {}): Promise<TestServer> => serve(
  { 'rxconf-demo:sensors': { sensor: [{ name: 'cpu', kind: 'temperature', threshold: '70.5' }, { name: 'room', kind: 'humidity' }] } },
  {
    searchPath: [DEMO_YANG], modules: ['rxconf-demo'],
    app: (app) => {
      app.serve('rxconf-demo', (_ctx, stored) => {
        const state = reflectNode({ uptime: { seconds: 12345678901234567890n } });
        return { ...stored, child: (r) => (r.meta.name === 'uptime' ? state.child?.(r) : stored.child?.(r)) } as typeof stored;
      });
    },
    ...extra,
  },
  { 'sensor-name': 'cpu' },
);

export const serveShapes = (extra: Partial<ServerOptions> = {}): Promise<TestServer> => serve(
  { 'openapi-shapes:library': {
    name: 'main', tags: ['old', 'rare'], playlist: ['b', 'a'],
    shelf: [{ room: 'east', number: 1, label: 'novels', size: '9007199254740993', wall: 'north', dimensions: { width: 3 }, book: [{ isbn: '978-3', title: 'Dune', weight: '0.75' }] }],
  } },
  {
    searchPath: [SHAPES_YANG], modules: ['openapi-shapes'],
    ...extra,
  },
  { 'shelf-room': 'east', 'shelf-number': '1', 'book-isbn': '978-3', 'tags-value': 'old', 'playlist-value': 'a' },
);
