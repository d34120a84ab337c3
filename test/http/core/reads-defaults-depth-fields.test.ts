/**
 * Reads over real sockets, on uWS and node:http, in
 * both compliance modes (plain names by default; RFC 7951 with
 * application/yang-data+json), over both read paths: the embedded
 * datastore (plain data: the fast path, write-data.ts) and application
 * objects served through reflectNode (the walk over nodes, read-walk.ts).
 *
 * - a default is answered when addressed directly, through
 *   non-presence containers nobody created, in the case in effect (the
 *   default case, or the one holding data), in list entries, identityref
 *   and leaf-list defaults too (RFC 8040 §3.5.4, RFC 7950 §7.6.1, §7.7.2,
 *   §7.9.3);
 * - with-defaults=explicit reports state leaves holding their
 *   default (RFC 6243 §2.3.1, §3.3 with erratum 7426);
 * - depth and fields keep list keys; a list with entries is never
 *   `[]` (RFC 8040 §4.8.2, §4.8.3);
 * - fields on the datastore resource (RFC 8040 §4.8.3, B.3.3);
 * - an answer over max-node-count is 400 too-big before any status
 *   line, whether it is held whole (below the hold size) or counted first;
 *   a raised limit gives the whole list.
 */
import test from 'ava';
import { join } from 'node:path';
import { reflectNode } from '../../../src/actors/nodes/index.ts';
import { HOLD_AT } from '../../../src/actors/read/read.ts';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import type { Client } from '../adapters/client.ts';
import { http1Client } from '../adapters/http1-client.ts';
import type { Exchange } from './conformance/case.ts';
import { checkExchange } from './conformance/check-exchange.ts';
import { modal, type Modal } from '../../helpers/compliance-mode.ts';

const yang = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'conformance');
const M = 'cf-reads';
const TOP = `/restconf/data/${M}:top`;

type Json = Record<string, unknown>;
type Backend = 'datastore' | 'app';

const BIG_ROWS = 6_000;
/** Over max-node-count's default (10,000 nodes) and over the size a read holds before its status (HOLD_AT, 256 KB: about 370 KB), so it is counted first. */
const HUGE_ROWS = 10_000;
const bigRows = (): Json[] => Array.from({ length: BIG_ROWS }, (_, i) => ({ id: i }));
const hugeRows = (): Json[] => Array.from({ length: HUGE_ROWS }, (_, i) => ({ id: i, v: `value-${String(i).padStart(12, '0')}` }));
if (JSON.stringify(hugeRows()).length <= HOLD_AT) throw new Error(`the huge list must be larger than HOLD_AT (${HOLD_AT} bytes), the counted-first read`);
const topData = (): Json => ({ name: 'n', server: [{ address: 'a1' }, { address: 'a2', timeout: 9, socket: '/run/s' }] });


const get = (m: Modal, path: string, expect: Exchange['expect']): Exchange => ({ path, headers: m.get, expect });

/** The whole of top under report-all: every default in effect shown. */
const topReportAll = {
  name: 'n',
  mtu: 1500,
  tags: ['a', 'b'],
  timers: { retry: { interval: 5 } },
  port: 830,
  'tcp-opts': { nodelay: true },
  server: [
    { address: 'a1', 'authentication-type': 'pap', timeout: 3, port: 830, 'tcp-opts': { nodelay: true }, stats: { hits: 0 } },
    { address: 'a2', 'authentication-type': 'pap', timeout: 9, socket: '/run/s', mode: '0600', stats: { hits: 0 } },
  ],
  state: { oper: 'up' },
};

interface ReadCase {
  readonly title: string;
  readonly exchanges: (m: Modal) => readonly Exchange[];
}

const cases: readonly ReadCase[] = [
  // ---------------------------------------- defaults addressed directly
  {
    title: 'a default addressed directly is answered, through non-presence containers nobody created, at any depth',
    exchanges: (m) => [
      get(m, `${TOP}/timers/retry/interval`, { status: 200, json: m.top('interval', 5) }),
      get(m, `${TOP}/timers/retry`, { status: 200, json: m.top('retry', { interval: 5 }) }),
      get(m, `/restconf/data/${M}:settings/inner/depth`, { status: 200, json: m.top('depth', 2) }),
      get(m, `/restconf/data/${M}:settings/inner`, { status: 200, json: m.top('inner', { depth: 2, codes: [7] }) }),
      get(m, `/restconf/data/${M}:settings/level`, { status: 200, json: m.top('level', 3) }),
      get(m, `/restconf/data/${M}:settings`, { status: 200, json: m.top('settings', { level: 3, inner: { depth: 2, codes: [7] } }) }),
      get(m, `${TOP}/mtu`, { status: 200, json: m.top('mtu', 1500) }),
      // leaf-lists too (RFC 8040 §3.5.4, RFC 7950 §7.7.2)
      get(m, `/restconf/data/${M}:settings/inner/codes`, { status: 200, json: m.top('codes', [7]) }),
      get(m, `${TOP}/tags`, { status: 200, json: m.top('tags', ['a', 'b']) }),
      get(m, `${TOP}/tags=b`, { status: 200, json: m.top('tags', ['b']) }),
      get(m, `${TOP}/tags=c`, { status: 404, error: { tag: 'invalid-value' } }),
      // asked for explicitly, trim hides defaults even there (docs/http.md)
      get(m, `${TOP}/mtu?with-defaults=trim`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}/timers?with-defaults=trim`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}/server=a2/timeout?with-defaults=trim`, { status: 200, json: m.top('timeout', 9) }),
      // what holds no default and was not set is not there
      get(m, `${TOP}/bare`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}/timers/retry/note`, { status: 404, error: { tag: 'invalid-value' } }),
    ],
  },
  {
    title: 'the defaults of the case in effect: the default case when no case holds data, else the case that does',
    exchanges: (m) => [
      get(m, `${TOP}/port`, { status: 200, json: m.top('port', 830) }),
      get(m, `${TOP}/tcp-opts`, { status: 200, json: m.top('tcp-opts', { nodelay: true }) }),
      get(m, `${TOP}/tcp-opts/nodelay`, { status: 200, json: m.top('nodelay', true) }),
      get(m, `${TOP}/mode`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}/server=a1/port`, { status: 200, json: m.top('port', 830) }),
      get(m, `${TOP}/server=a2/mode`, { status: 200, json: m.top('mode', '0600') }),
      get(m, `${TOP}/server=a2/port`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}/server=a2/tcp-opts`, { status: 404, error: { tag: 'invalid-value' } }),
    ],
  },
  {
    title: 'report-all shows the defaults of the case in effect and inside list entries (identityref defaults too)',
    exchanges: (m) => [
      get(m, TOP, { status: 200, json: m.top('top', topReportAll) }),
      get(m, `${TOP}/server=a1`, { status: 200, json: m.top('server', [topReportAll.server[0]]) }),
      get(m, `${TOP}/server=a1/authentication-type`, { status: 200, json: m.top('authentication-type', 'pap') }),
      get(m, `${TOP}?with-defaults=report-all`, { status: 200, json: m.top('top', topReportAll) }),
      get(m, `${TOP}?with-defaults=report-all-tagged&fields=mtu;tags`, {
        status: 200,
        json: m.top('top', {
          mtu: 1500, '@mtu': { 'ietf-netconf-with-defaults:default': true },
          tags: ['a', 'b'], '@tags': [{ 'ietf-netconf-with-defaults:default': true }, { 'ietf-netconf-with-defaults:default': true }],
        }),
      }),
      get(m, `${TOP}/server?with-defaults=report-all-tagged&fields=address;authentication-type`, {
        status: 200,
        json: m.top('server', [
          { address: 'a1', 'authentication-type': 'pap', '@authentication-type': { 'ietf-netconf-with-defaults:default': true } },
          { address: 'a2', 'authentication-type': 'pap', '@authentication-type': { 'ietf-netconf-with-defaults:default': true } },
        ]),
      }),
    ],
  },
  // ---------------------------------------- with-defaults=explicit, state
  {
    title: 'with-defaults=explicit keeps state leaves holding their default, drops config defaults nobody set',
    exchanges: (m) => [
      get(m, `${TOP}?with-defaults=explicit`, {
        status: 200,
        json: m.top('top', {
          name: 'n',
          server: [{ address: 'a1', stats: { hits: 0 } }, { address: 'a2', timeout: 9, socket: '/run/s', stats: { hits: 0 } }],
          state: { oper: 'up' },
        }),
      }),
      get(m, `${TOP}/state?with-defaults=explicit`, { status: 200, json: m.top('state', { oper: 'up' }) }),
      get(m, `${TOP}/state/oper?with-defaults=explicit`, { status: 200, json: m.top('oper', 'up') }),
      get(m, `${TOP}/server=a1/stats/hits?with-defaults=explicit`, { status: 200, json: m.top('hits', 0) }),
      get(m, `${TOP}/mtu?with-defaults=explicit`, { status: 404, error: { tag: 'invalid-value' } }),
      get(m, `${TOP}?with-defaults=explicit&content=nonconfig`, {
        status: 200,
        json: m.top('top', { server: [{ address: 'a1', stats: { hits: 0 } }, { address: 'a2', stats: { hits: 0 } }], state: { oper: 'up' } }),
      }),
    ],
  },
  // ---------------------------------------- depth and fields keep keys
  {
    title: 'depth never answers a list with entries as [] — at the limit an entry is its keys',
    exchanges: (m) => [
      get(m, `${TOP}?depth=2`, {
        status: 200,
        json: m.top('top', { name: 'n', mtu: 1500, tags: ['a', 'b'], timers: {}, port: 830, 'tcp-opts': {}, server: [{ address: 'a1' }, { address: 'a2' }], state: {} }),
      }),
      get(m, `${TOP}/server?depth=1`, { status: 200, json: m.top('server', [{ address: 'a1' }, { address: 'a2' }]) }),
      get(m, `${TOP}/server=a2?depth=1`, { status: 200, json: m.top('server', [{ address: 'a2' }]) }),
      get(m, `${TOP}/server=a2?depth=2`, { status: 200, json: m.top('server', [{ address: 'a2', 'authentication-type': 'pap', timeout: 9, socket: '/run/s', mode: '0600', stats: {} }]) }),
    ],
  },
  {
    title: 'fields and rx.xfields keep the keys of every entry they write',
    exchanges: (m) => [
      get(m, `${TOP}?fields=server/timeout`, { status: 200, json: m.top('top', { server: [{ address: 'a1', timeout: 3 }, { address: 'a2', timeout: 9 }] }) }),
      get(m, `${TOP}?fields=server/stats/hits`, { status: 200, json: m.top('top', { server: [{ address: 'a1', stats: { hits: 0 } }, { address: 'a2', stats: { hits: 0 } }] }) }),
      get(m, `${TOP}/server?fields=socket`, { status: 200, json: m.top('server', [{ address: 'a1' }, { address: 'a2', socket: '/run/s' }]) }),
      get(m, `${TOP}/server=a1?fields=timeout`, { status: 200, json: m.top('server', [{ address: 'a1', timeout: 3 }]) }),
      get(m, `${TOP}/server?rx.xfields=address;stats;tcp-opts;port;mode;authentication-type`, {
        status: 200,
        json: m.top('server', [{ address: 'a1', timeout: 3 }, { address: 'a2', timeout: 9, socket: '/run/s' }]),
      }),
    ],
  },
  {
    // RFC 8040 §4.8.2: "If the 'fields' parameter is used to select descendant data nodes, then these nodes and all of their ancestor nodes have a 'depth' value of '1'."
    title: 'fields with depth: the selected nodes and their ancestors have depth 1, and depth counts on below them',
    exchanges: (m) => [
      get(m, `${TOP}?depth=1&fields=name`, { status: 200, json: m.top('top', { name: 'n' }) }),
      get(m, `${TOP}?depth=1&fields=timers`, { status: 200, json: m.top('top', { timers: {} }) }),
      get(m, `${TOP}?depth=2&fields=timers`, { status: 200, json: m.top('top', { timers: { retry: {} } }) }),
      get(m, `${TOP}?depth=1&fields=timers/retry/interval`, { status: 200, json: m.top('top', { timers: { retry: { interval: 5 } } }) }),
      get(m, `${TOP}?depth=1&fields=server`, { status: 200, json: m.top('top', { server: [{ address: 'a1' }, { address: 'a2' }] }) }),
      get(m, `${TOP}?depth=1&fields=server/stats`, { status: 200, json: m.top('top', { server: [{ address: 'a1', stats: {} }, { address: 'a2', stats: {} }] }) }),
      get(m, `${TOP}?depth=2&fields=server/stats`, { status: 200, json: m.top('top', { server: [{ address: 'a1', stats: { hits: 0 } }, { address: 'a2', stats: { hits: 0 } }] }) }),
      get(m, `${TOP}/server=a2?depth=1&fields=stats;timeout`, { status: 200, json: m.top('server', [{ address: 'a2', timeout: 9, stats: {} }]) }),
      get(m, `/restconf/data?depth=1&fields=${M}:top(name;timers)`, { status: 200, json: m.data(m.top('top', { name: 'n', timers: {} })) }),
      get(m, `/restconf/data/${M}:?depth=1&fields=top/timers/retry`, { status: 200, json: m.top('top', { timers: { retry: {} } }) }),
    ],
  },
  // ---------------------------------------- fields on the datastore
  {
    title: 'fields on the datastore resource, each field starting with a module-qualified top-level node',
    exchanges: (m) => [
      get(m, `/restconf/data?fields=${M}:top/name`, { status: 200, json: m.data(m.top('top', { name: 'n' })) }),
      get(m, `/restconf/data?fields=${M}:top(name;server/timeout);${M}:settings/level`, {
        status: 200,
        json: m.data({ ...m.top('top', { name: 'n', server: [{ address: 'a1', timeout: 3 }, { address: 'a2', timeout: 9 }] }), ...m.top('settings', { level: 3 }) }),
      }),
      get(m, `/restconf/data?fields=${M}:big/row&rx.range=${M}:big/row!0-1`, { status: 200, json: m.data(m.top('big', { row: [{ id: 0 }, { id: 1 }] })) }),
      get(m, '/restconf/data?fields=top/name', { status: 400, error: { tag: 'invalid-value', message: /module's top-level data node/ } }),
      get(m, `/restconf/data?fields=${M}:nothing`, { status: 400, error: { tag: 'invalid-value' } }),
    ],
  },
  // ---------------------------------------- max-node-count
  {
    title: 'an answer over max-node-count is 400 too-big, never a 200 cut short (held and counted answers); a raised limit gives it whole',
    exchanges: (m) => [
      get(m, `/restconf/data/${M}:big`, { status: 400, error: { tag: 'too-big', type: 'application' } }),
      get(m, `/restconf/data/${M}:big/row`, { status: 400, error: { tag: 'too-big' } }),
      { method: 'HEAD', path: `/restconf/data/${M}:huge`, headers: m.get, expect: { status: 400 } },
      get(m, `/restconf/data/${M}:huge`, { status: 400, error: { tag: 'too-big', type: 'application' } }),
      get(m, `/restconf/data/${M}:huge/row?with-defaults=trim`, { status: 400, error: { tag: 'too-big' } }),
      get(m, `/restconf/data/${M}:big?rx.max-node-count=100000`, { status: 200, json: m.top('big', { row: bigRows() }) }),
      get(m, `/restconf/data/${M}:huge?rx.max-node-count=100000`, { status: 200, json: m.top('huge', { row: hugeRows() }) }),
      get(m, `/restconf/data/${M}:huge/row?rx.max-node-count=${2 * HUGE_ROWS}`, { status: 400, error: { tag: 'too-big' } }),
      get(m, `/restconf/data/${M}:huge/row?rx.max-node-count=${3 * HUGE_ROWS}`, { status: 200, json: m.top('row', hugeRows()) }),
    ],
  },
];

const seedApp = (): Json => ({ top: topData(), big: { row: bigRows() }, huge: { row: hugeRows() } });

/** The datastore's data, PUT one container at a time (fetch: a connection of its own). */
const seedStore = async (m: Modal, url: string): Promise<void> => {
  for (const [name, value] of [['top', topData()], ['big', { row: bigRows() }], ['huge', { row: hugeRows() }]] as const) {
    const r = await fetch(`${url}/restconf/data/${M}:${name}`, { method: 'PUT', headers: m.send, body: JSON.stringify(m.top(name, value)) });
    const text = await r.text();
    if (r.status !== 201 && r.status !== 204) throw new Error(`seeding ${name}: ${r.status} ${text}`);
  }
};

for (const transport of ['uws', 'http1'] as const) {
  for (const mode of ['plain', 'strict'] as const) {
    for (const backend of ['datastore', 'app'] as const satisfies readonly Backend[]) {
      const m = modal(mode, M);
      let server: RxconfServer | undefined;
      let client: Client | undefined;
      test.before(async () => {
        const app = seedApp();
        server = createServer({
          searchPath: [yang],
          modules: [M],
          data: false,
          host: '127.0.0.1',
          port: 0,
          transport,
          logger: false,
          accessLog: false,
          limits: { maxBodyBytes: 8 * 1024 * 1024 },
          ...(backend === 'app' ? { nodes: { [M]: () => reflectNode(app) } } : {}),
        });
        const { port, url } = await server.listen();
        if (backend === 'datastore') await seedStore(m, url);
        client = http1Client(port);
      });
      test.after.always(async () => {
        await client?.close();
        await server?.close();
      });
      for (const c of cases) {
        test.serial(`${transport} ${mode} ${backend}: ${c.title}`, async (t) => {
          if (client === undefined) return t.fail('the server did not start');
          for (const [i, x] of c.exchanges(m).entries()) await checkExchange(t, client, x, i);
          return undefined;
        });
      }
    }
  }
}
