/**
 * A server of the nacm-rights fixture module with NACM on, users named by a
 * trusted proxy header (`x-remote-user`, from 127.0.0.1), the recovery user
 * `root`, and the given rules and data as its data file; and a client that
 * sends a request as a user in a compliance mode.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reflectNode } from '../../src/actors/nodes/index.ts';
import { createServer, type RxconfServer, type ServerOptions } from '../../src/server/create-server.ts';
import { modal, type Mode } from './compliance-mode.ts';

export const NACM_FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'yang', 'nacm');

/** The state the fixture's `counters` container answers. */
export const COUNTERS = { seen: 7, hidden: 42 };

export interface NacmServer {
  readonly server: RxconfServer;
  readonly url: string;
  /** A request as `user` (undefined: anonymous) in `mode`; `path` below `/restconf/`. */
  call(method: string, path: string, user: string | undefined, mode: Mode, body?: unknown): Promise<{ status: number; text: string; json: unknown; headers: Headers }>;
}

export const serveNacm = async (data: Record<string, unknown>, extra: Partial<ServerOptions> = {}): Promise<NacmServer> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-nacm-'));
  const file = join(dir, 'data.json');
  writeFileSync(file, JSON.stringify(data));
  const server = createServer({
    searchPath: [NACM_FIXTURES], modules: ['nacm-rights'], host: '127.0.0.1', port: 0, logger: false, data: file,
    auth: { proxy: { trusted: ['127.0.0.1'] }, anonymous: true },
    nacm: { recoveryUser: 'root' },
    app: (app) => {
      app.serve('nacm-rights', (_ctx, stored) => {
        const state = reflectNode({ counters: COUNTERS });
        return { ...stored, child: (r) => (r.meta.name === 'counters' ? state.child?.(r) : stored.child?.(r)) } as typeof stored;
      });
    },
    ...extra,
  });
  const { url } = await server.listen();
  return {
    server,
    url,
    call: async (method, path, user, mode, body) => {
      const m = modal(mode, 'nacm-rights');
      const headers = { ...(user === undefined ? {} : { 'x-remote-user': user }), ...(body === undefined ? m.get : m.send) };
      const r = await fetch(`${url}/restconf/${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) });
      const text = await r.text();
      return { status: r.status, text, json: text === '' || !r.headers.get('content-type')?.includes('json') ? undefined : JSON.parse(text), headers: r.headers };
    },
  };
};
