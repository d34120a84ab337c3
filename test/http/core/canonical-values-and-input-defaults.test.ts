/**
 * Value forms, operation input and list-entry errors over real sockets, on every transport (uWS, HTTP/1.1, h2c) and in
 * both compliance modes (plain names by default; RFC 7951 with
 * application/yang-data+json), through createServer as an embedding
 * application runs it:
 *
 * - decimal64 keys and values in non-canonical forms are accepted
 *   and answered canonically (RFC 7950 §9.3);
 * - rpc and action input with its defaults filled in before the
 *   handler sees it (RFC 7950 §7.14.2), validated also when the body is
 *   empty, and the error-path of an action on a missing entry with every
 *   list ancestor;
 * - a list entry without a key is missing-element (RFC 7950
 *   §8.3.1); malformed JSON is error-type rpc (RFC 6241 Appendix A).
 *
 * One server per transport and mode; cases use data of their own.
 */
import test from 'ava';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import type { Client } from '../adapters/client.ts';
import { h2Client } from '../adapters/h2-client.ts';
import { http1Client } from '../adapters/http1-client.ts';
import type { Exchange } from './conformance/case.ts';
import { checkExchange } from './conformance/check-exchange.ts';
import { modal, type Modal } from '../../helpers/compliance-mode.ts';

const yang = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'conformance');
const M = 'cf-conf';
const DATA = `/restconf/data/${M}:top`;
const CONFIGURE = `/restconf/operations/${M}:configure`;

type Json = Record<string, unknown>;

/** What a mode sends and expects: its headers, and names qualified as RFC 7951 wants them (strict) or bare (plain). */

interface Call {
  readonly operation: string;
  readonly input: Json | undefined;
  readonly path: string;
}

interface Issue11Case {
  readonly title: string;
  readonly exchanges: (m: Modal) => readonly Exchange[];
  /** The inputs the handlers got, in order. */
  readonly calls?: (m: Modal) => readonly Call[];
}

/** The input `configure` gets when the client sends only `name` (every default of RFC 7950 §7.14.2 in use). */
const configureDefaults = (name: string): Json => ({
  name,
  retries: 3,
  tags: ['x', 'y'],
  options: { verbose: false, limits: { max: '2.5' } },
  port: 830,
  style: 'short',
});

const cases: readonly Issue11Case[] = [
  // ------------------------------------------------------------ item 11
  {
    title: 'rpc: the handler gets the input with every default in use filled in (top level, nested non-presence containers, leaf-list, default case)',
    exchanges: (m) => [
      { method: 'POST', path: CONFIGURE, headers: m.send, body: m.input({ name: 'a' }), expect: { status: 200, json: m.output({ seen: JSON.stringify(configureDefaults('a')) }) } },
    ],
    calls: () => [{ operation: 'configure', input: configureDefaults('a'), path: `/${M}:configure` }],
  },
  {
    title: 'rpc: defaults follow what was sent: a presence container, the case in effect, a true when, list entries',
    exchanges: (m) => [
      {
        method: 'POST', path: CONFIGURE, headers: m.send,
        body: m.input({ name: 'b', retries: 9, tuned: {}, socket: '/run/x', style: 'long', target: [{ id: 't1' }, { id: 't2', weight: 5 }], options: { verbose: true } }),
        expect: { status: 200 },
      },
    ],
    calls: () => [{
      operation: 'configure',
      path: `/${M}:configure`,
      input: {
        name: 'b', retries: 9, tags: ['x', 'y'], options: { verbose: true, limits: { max: '2.5' } }, tuned: { speed: 7 },
        socket: '/run/x', mode: '0600', style: 'long', width: 80, target: [{ id: 't1', weight: 1 }, { id: 't2', weight: 5 }],
      },
    }],
  },
  {
    title: 'rpc: a default under a false when is not in use; a value sent there is refused',
    exchanges: (m) => [
      { method: 'POST', path: CONFIGURE, headers: m.send, body: m.input({ name: 'c', style: 'short' }), expect: { status: 200 } },
      { method: 'POST', path: CONFIGURE, headers: m.send, body: m.input({ name: 'c', width: 10 }), expect: { status: 400, error: { tag: 'unknown-element', type: 'application', path: `/${M}:configure/width` } } },
    ],
    calls: () => [{ operation: 'configure', input: configureDefaults('c'), path: `/${M}:configure` }],
  },
  {
    title: 'rpc: no body, or an empty input, still validates: the mandatory input leaf is reported missing and the handler is not called',
    exchanges: (m) => [
      { method: 'POST', path: CONFIGURE, headers: m.get, expect: { status: 409, error: { tag: 'data-missing', type: 'application', path: `/${M}:configure/name` } } },
      { method: 'POST', path: CONFIGURE, headers: m.send, body: m.input({}), expect: { status: 409, error: { tag: 'data-missing', path: `/${M}:configure/name`, message: /mandatory node "name"/ } } },
      { method: 'POST', path: CONFIGURE, headers: m.send, body: m.input({ retries: 1 }), expect: { status: 409, error: { tag: 'data-missing', path: `/${M}:configure/name` } } },
    ],
    calls: () => [],
  },
  {
    title: 'action: on a missing list entry, 404 with the error-path through every list ancestor and its keys',
    exchanges: (m) => [
      { method: 'PUT', path: `/restconf/data/${M}:device=d1`, headers: m.send, body: m.top('device', [{ name: 'd1', ports: { port: [{ id: 1 }] } }]), expect: { status: 201 } },
      { method: 'POST', path: `/restconf/data/${M}:device=nope/ports/port=3/reset`, headers: m.send, body: m.input({ reason: 'r' }), expect: { status: 404, error: { tag: 'invalid-value', type: 'protocol', path: `/${M}:device[name='nope']/ports/port[id='3']/reset`, message: `no data at /${M}:device[name='nope']/ports/port[id='3'] to run reset on` } } },
      { method: 'POST', path: `/restconf/data/${M}:device=d1/ports/port=3/reset`, headers: m.send, body: m.input({ reason: 'r' }), expect: { status: 404, error: { tag: 'invalid-value', path: `/${M}:device[name='d1']/ports/port[id='3']/reset` } } },
    ],
    calls: () => [],
  },
  {
    title: 'action: input errors name the action with its ancestors; the handler gets the defaults',
    exchanges: (m) => [
      { method: 'PUT', path: `/restconf/data/${M}:device=d2`, headers: m.send, body: m.top('device', [{ name: 'd2', ports: { port: [{ id: 4 }] } }]), expect: { status: 201 } },
      { method: 'POST', path: `/restconf/data/${M}:device=d2/ports/port=4/reset`, headers: m.get, expect: { status: 409, error: { tag: 'data-missing', path: `/${M}:device[name='d2']/ports/port[id='4']/reset/reason` } } },
      { method: 'POST', path: `/restconf/data/${M}:device=d2/ports/port=4/reset`, headers: m.send, body: m.input({ reason: 'stuck' }), expect: { status: 204 } },
    ],
    calls: () => [{ operation: 'reset', input: { hard: false, reason: 'stuck' }, path: `/${M}:device[name='d2']/ports/port[id='4']/reset` }],
  },
  // ------------------------------------------------------------ item 7
  {
    title: 'decimal64: keys and values in non-canonical forms (trailing zeros beyond fraction-digits, sign, leading zeros) are the same values, answered canonically, in instance-identifiers too',
    exchanges: (m) => [
      { method: 'PUT', path: `${DATA}/decimal-list=1.500`, headers: m.send, body: m.top('decimal-list', [{ k: '+01.5000', v: 'one and a half' }]), expect: { status: 201 } },
      { path: `${DATA}/decimal-list=1.5`, headers: m.get, expect: { status: 200, json: m.top('decimal-list', [{ k: '1.5', v: 'one and a half' }]) } },
      { path: `${DATA}/decimal-list=1.50000/v`, headers: m.get, expect: { status: 200, json: m.top('v', 'one and a half') } },
      { method: 'PUT', path: `${DATA}/decimal-list=01.50`, headers: m.send, body: m.top('decimal-list', [{ k: '1.5', v: 'replaced' }]), expect: { status: 204 } },
      { method: 'PATCH', path: DATA, headers: m.send, body: m.top('top', { ratio: '2.50000', levels: ['1.50', '2', '-0.000'] }), expect: { status: 204 } },
      { path: `${DATA}/ratio`, headers: m.get, expect: { status: 200, json: m.top('ratio', '2.5') } },
      { path: `${DATA}/levels=1.5000`, headers: m.get, expect: { status: 200, json: m.top('levels', ['1.5']) } },
      { path: `${DATA}/levels`, headers: m.get, expect: { status: 200, json: m.top('levels', ['1.5', '2.0', '0.0']) } },
      { method: 'PATCH', path: DATA, headers: m.send, body: m.top('top', { ref: `/${M}:top/decimal-list[k='001.5000']/v` }), expect: { status: 204 } },
      { path: `${DATA}/ref`, headers: m.get, expect: { status: 200, json: m.top('ref', `/${M}:top/decimal-list[k='1.5']/v`) } },
      { path: `${DATA}/decimal-list=1.505`, headers: m.get, expect: { status: 400, error: { tag: 'invalid-value', message: /more than 2 fraction digits/ } } },
      { method: 'PATCH', path: DATA, headers: m.send, body: m.top('top', { ratio: '2.0001' }), expect: { status: 400, error: { tag: 'invalid-value', path: `/${M}:top/ratio` } } },
    ],
  },
  // ------------------------------------------------------------ item 13
  {
    title: 'a list entry without one of its keys is missing-element (RFC 7950 §8.3.1), naming the key',
    exchanges: (m) => [
      { method: 'PATCH', path: DATA, headers: m.send, body: m.top('top', { pair: [{ a: 'x', note: 'no b' }] }), expect: { status: 400, error: { tag: 'missing-element', type: 'application', path: `/${M}:top/pair`, message: 'an entry of list "pair" has no value for its key "b"' }, like: { [m.mode === 'strict' ? 'ietf-restconf:errors' : 'errors']: { error: [{ 'error-info': { 'bad-element': 'b' } }] } } } },
      { method: 'POST', path: DATA, headers: m.send, body: m.top('pair', [{ b: 1 }]), expect: { status: 400, error: { tag: 'missing-element', path: `/${M}:top/pair` } } },
      { path: `${DATA}/pair`, headers: m.get, expect: { status: 404 } },
    ],
  },
  {
    title: 'malformed JSON is malformed-message with error-type rpc (RFC 6241 Appendix A)',
    exchanges: (m) => [
      { method: 'PATCH', path: DATA, headers: m.send, body: '{"top": ', expect: { status: 400, error: { tag: 'malformed-message', type: 'rpc' } } },
    ],
  },
];

interface Transport {
  readonly name: 'uws' | 'http1' | 'h2c';
  readonly client: (port: number) => Promise<Client> | Client;
}

const transports: readonly Transport[] = [
  { name: 'uws', client: (port) => http1Client(port) },
  { name: 'http1', client: (port) => http1Client(port) },
  { name: 'h2c', client: (port) => h2Client(port) },
];

const short = (json: Json | undefined): Json | undefined => (json === undefined ? undefined : JSON.parse(JSON.stringify(json)) as Json);

for (const transport of transports) {
  for (const mode of ['plain', 'strict'] as const) {
    const m = modal(mode, M);
    const calls: Call[] = [];
    let server: RxconfServer | undefined;
    let client: Client | undefined;
    test.before(async () => {
      server = createServer({
        searchPath: [yang],
        modules: [M],
        data: false,
        host: '127.0.0.1',
        port: 0,
        transport: transport.name,
        logger: false,
        accessLog: false,
        app: (app) => {
          app.operation(`${M}:configure`, ({ input, path }) => {
            calls.push({ operation: 'configure', input: short(input), path });
            return { seen: JSON.stringify(input) };
          });
          app.operation(`${M}:device/ports/port/reset`, ({ input, path }) => {
            calls.push({ operation: 'reset', input: short(input), path });
          });
        },
      });
      const { port } = await server.listen();
      client = await transport.client(port);
    });
    test.after.always(async () => {
      await client?.close();
      await server?.close();
    });
    for (const c of cases) {
      test.serial(`${transport.name} ${mode}: ${c.title}`, async (t) => {
        if (client === undefined) return t.fail('the server did not start');
        calls.length = 0;
        for (const [i, x] of c.exchanges(m).entries()) await checkExchange(t, client, x, i);
        if (c.calls !== undefined) t.deepEqual(calls, c.calls(m), 'what the handlers got');
        return undefined;
      });
    }
  }
}
