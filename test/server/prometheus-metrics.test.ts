/**
 * The Prometheus exposition of a module's state leaves as a scraper reads
 * it, over real sockets on each transport: ietf-yang-types counters are
 * counters (named `_total`), other numbers gauges, HELP is the leaf's YANG
 * description, and HEAD /metrics answers the length of what GET sends.
 */
import test from 'ava';
import { join } from 'node:path';
import parsePrometheus from 'parse-prometheus-text-format';
import { reflectNode } from '../../src/actors/nodes/index.ts';
import { createServer } from '../../src/server/create-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'metrics');

const serve = (transport: 'uws' | 'http1') => createServer({
  searchPath: [yang],
  modules: ['mt-counters'],
  host: '127.0.0.1',
  port: 0,
  logger: false,
  transport,
  metrics: { modules: ['mt-counters'] },
  nodes: {
    'mt-counters': () => reflectNode({ interfaces: { interface: [{ name: 'eth0', 'in-octets': 1234n, discontinuities: 2, speed: 1000000000n }] } }),
  },
});

for (const transport of ['uws', 'http1'] as const) {
  test(`${transport}: YANG counters are Prometheus counters named _total with the leaf's description as HELP; other numbers are gauges`, async (t) => {
    const server = serve(transport);
    const { url } = await server.listen();
    try {
      const text = await (await fetch(`${url}/metrics`)).text();
      const families = parsePrometheus(text);
      const family = (name: string) => families.find((f) => f.name === name);
      const octets = family('mt_counters_interfaces_interface_in_octets_total');
      t.is(octets?.type, 'COUNTER');
      t.is(octets?.help, 'The total number of octets received on the interface.');
      t.deepEqual(octets?.metrics.map((m) => [m.labels?.name, m.value]), [['eth0', '1234']]);
      t.is(family('mt_counters_interfaces_interface_discontinuities_total')?.type, 'COUNTER', 'zero-based counters are counters too');
      const speed = family('mt_counters_interfaces_interface_speed');
      t.is(speed?.type, 'GAUGE');
      t.is(speed?.help, 'Current bandwidth in bits per second.');
      t.is(family('mt_counters_interfaces_interface_in_octets'), undefined, 'a counter is named only with _total');
    } finally {
      await server.close();
    }
  });

  test(`${transport}: HEAD /metrics answers the Content-Length of GET's body, without a body`, async (t) => {
    const server = serve(transport);
    const { url } = await server.listen();
    try {
      // one of each first, so both requests' own series exist before the pair compared
      await (await fetch(`${url}/metrics`)).arrayBuffer();
      await (await fetch(`${url}/metrics`, { method: 'HEAD' })).arrayBuffer();
      const head = await fetch(`${url}/metrics`, { method: 'HEAD' });
      const get = await fetch(`${url}/metrics`);
      const body = Buffer.from(await get.arrayBuffer());
      t.is(head.status, 200);
      t.regex(head.headers.get('content-type') ?? '', /^text\/plain; version=0\.0\.4/);
      const length = Number(head.headers.get('content-length'));
      t.true(length > 0, `Content-Length ${String(head.headers.get('content-length'))}`);
      // the request counters and durations move between the two scrapes by a few digits
      t.true(Math.abs(length - body.length) < 64, `HEAD says ${length}, GET sent ${body.length}`);
      t.is((await head.arrayBuffer()).byteLength, 0);
      t.is(get.headers.get('content-length'), String(body.length), 'GET says its own length once');
    } finally {
      await server.close();
    }
  });
}
