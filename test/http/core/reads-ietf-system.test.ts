/**
 * Defaults on a standard module (ietf-system from ../shared's YANG
 * corpus): the identityref default of `radius/server/authentication-type`
 * inside list entries, the defaults of the case in effect
 * (`udp/authentication-port`), a container nobody created
 * (`radius/options`) addressed directly, and keys kept by depth and fields
 * (item 3) — over uWS and node:http, in both compliance modes, on the
 * embedded datastore and on application objects (reflectNode).
 */
import { reflectNode } from '../../../src/actors/nodes/index.ts';
import { createServer } from '../../../src/server/create-server.ts';
import type { Client } from '../adapters/client.ts';
import { http1Client } from '../adapters/http1-client.ts';
import { corpusPublic, sharedTest } from '../../helpers/shared.ts';
import type { Exchange } from './conformance/case.ts';
import { checkExchange } from './conformance/check-exchange.ts';

const RADIUS = '/restconf/data/ietf-system:system/radius';
const SERVER = { name: 'r1', udp: { address: '192.0.2.1', 'shared-secret': 's' } };

type Json = Record<string, unknown>;

const exchanges = (strict: boolean): readonly Exchange[] => {
  const get: Readonly<Record<string, string>> = strict ? { accept: 'application/yang-data+json' } : {};
  const top = (name: string, value: unknown): Json => ({ [strict ? `ietf-system:${name}` : name]: value });
  // RFC 7951 §6.8: the identity of the leaf's own module may be written without its module name.
  const entry = { name: 'r1', udp: { address: '192.0.2.1', 'authentication-port': 1812, 'shared-secret': 's' }, 'authentication-type': 'radius-pap' };
  return [
    { path: RADIUS, headers: get, expect: { status: 200, json: top('radius', { server: [entry], options: { timeout: 5, attempts: 2 } }) } },
    { path: `${RADIUS}/server=r1`, headers: get, expect: { status: 200, json: top('server', [entry]) } },
    { path: `${RADIUS}/server=r1/authentication-type`, headers: get, expect: { status: 200, json: top('authentication-type', 'radius-pap') } },
    { path: `${RADIUS}/server=r1/udp/authentication-port`, headers: get, expect: { status: 200, json: top('authentication-port', 1812) } },
    { path: `${RADIUS}/options`, headers: get, expect: { status: 200, json: top('options', { timeout: 5, attempts: 2 }) } },
    { path: `${RADIUS}/options/attempts`, headers: get, expect: { status: 200, json: top('attempts', 2) } },
    { path: `${RADIUS}?depth=2`, headers: get, expect: { status: 200, json: top('radius', { server: [{ name: 'r1' }], options: {} }) } },
    { path: `${RADIUS}?fields=server/udp/address`, headers: get, expect: { status: 200, json: top('radius', { server: [{ name: 'r1', udp: { address: '192.0.2.1' } }] }) } },
    { path: '/restconf/data?fields=ietf-system:system/radius/server/authentication-type', headers: get, expect: { status: 200, like: { [strict ? 'ietf-restconf:data' : 'data']: top('system', { radius: { server: [{ name: 'r1', 'authentication-type': 'radius-pap' }] } }) } } },
  ];
};

for (const transport of ['uws', 'http1'] as const) {
  for (const strict of [false, true]) {
    for (const backend of ['datastore', 'app'] as const) {
      const name = `${transport} ${strict ? 'strict' : 'plain'} ${backend}`;
      sharedTest.serial(`${name}: ietf-system radius defaults (identityref in list entries, case in effect, containers nobody created) and keys under depth and fields`, async (t) => {
        const app = { system: { radius: { server: [structuredClone(SERVER)] } } };
        const server = createServer({
          searchPath: [corpusPublic],
          modules: ['ietf-system'],
          data: false,
          host: '127.0.0.1',
          port: 0,
          transport,
          logger: false,
          accessLog: false,
          ...(backend === 'app' ? { nodes: { 'ietf-system': () => reflectNode(app) } } : {}),
        });
        let client: Client | undefined;
        try {
          const { port, url } = await server.listen();
          if (backend === 'datastore') {
            const r = await fetch(`${url}${RADIUS}`, {
              method: 'PUT', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'ietf-system:radius': { server: [SERVER] } }),
            });
            t.is(r.status, 201, await r.text());
          }
          client = http1Client(port);
          for (const [i, x] of exchanges(strict).entries()) await checkExchange(t, client, x, i);
        } finally {
          await client?.close();
          await server.close();
        }
      });
    }
  }
}
