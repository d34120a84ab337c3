/**
 * CPU per request of the RESTCONF core alone (no socket, no server
 * wrappers): createRestconfCore on the embedded datastore holding the
 * serve-reads data, called in a loop with the same requests the benchmark
 * sends. Run: node --import tsx benchmarks/serve-reads/core-cpu.ts
 * (through tsx every closure made costs a little more than in dist/).
 */
import { join } from 'node:path';
import { Browser, Datastore, Device } from '../../src/actors/index.ts';
import { decodeDatastore } from '../../src/data/json/index.ts';
import { createRestconfCore } from '../../src/http/core/index.ts';
import type { CoreRequest, CoreResponse } from '../../src/http/exchange.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta } from '../../src/meta/meta.ts';
import { tableEntries } from './table-data.ts';

const fixtures = join(import.meta.dirname, '..', 'fixtures');
const compiled = compileSchema({ searchPath: [fixtures], modules: [{ file: join(fixtures, 'bench-reads.yang') }, { file: join(fixtures, 'bench-table.yang') }] });
if (!compiled.ok) throw new Error('fixtures do not compile');
const schema = compiled.context;
const decoded = decodeDatastore({
  'bench-reads:system': { hostname: 'rxconf-bench', location: 'lab 3, rack 12', contact: 'ops@example.com', enabled: true, mtu: 1500, clock: { timezone: 'Europe/Paris' } },
  'bench-reads:interfaces': {
    interface: Array.from({ length: 10 }, (_, i) => ({
      name: `eth${i}`, description: `uplink ${i} to the core switch`, type: 'ethernetCsmacd', enabled: i % 3 !== 0, mtu: 9000, speed: 10_000_000, address: `192.0.2.${i + 1}/24`,
    })),
  },
  'bench-table:table': { entry: tableEntries(10_000) },
}, schema, { strict: true, content: 'all' });
if (!decoded.ok) throw new Error(JSON.stringify(decoded.errors));
const store = new Datastore(schema);
const device = new Device(schema);
for (const [name, tree] of decoded.value) {
  const module = schema.modules.get(name) as ModuleMeta;
  for (const [m, v] of tree.values) store.root(module).set(m, v);
  device.add(new Browser(module, schema, () => store.node(module)));
}
const core = createRestconfCore({ device, maxNodeCount: 100_000_000 });

const headers: ReadonlyMap<string, string> = new Map([['host', '127.0.0.1:8080'], ['accept', '*/*']]);
const noBody: AsyncIterable<Uint8Array> = { async *[Symbol.asyncIterator]() {} };
class Request implements CoreRequest {
  readonly method = 'GET';
  readonly query = '';
  readonly headers = headers;
  readonly body = noBody;
  readonly remoteAddress = '127.0.0.1';
  readonly protocol = 'http/1.1';
  readonly secure = false;
  constructor(readonly path: string) {}
  get signal(): AbortSignal {
    return new AbortController().signal;
  }
}

const drain = async (res: CoreResponse): Promise<void> => {
  const b = res.body;
  if (b === undefined || typeof b === 'string' || b instanceof Uint8Array) return;
  for await (const _ of b) { /* pulled as an adapter would */ }
};

const kinds: readonly [string, string, number][] = [
  ['GET leaf', '/restconf/data/bench-reads:system/hostname', 200_000],
  ['GET list entry', '/restconf/data/bench-reads:interfaces/interface=eth3', 100_000],
  ['GET module root', '/restconf/data/bench-reads:', 50_000],
  ['GET 10,000-entry list', '/restconf/data/bench-table:table/entry', 100],
];
for (let pass = 0; pass < 2; pass++) {
  for (const [name, path, n] of kinds) {
    const c0 = process.cpuUsage();
    for (let i = 0; i < n; i++) {
      const answer = core(new Request(path));
      const res = answer instanceof Promise ? await answer : answer;
      if (res.status !== 200) throw new Error(`${name}: ${res.status}`);
      await drain(res);
    }
    const cpu = process.cpuUsage(c0);
    if (pass === 1) console.log(`${name.padEnd(24)} ${((cpu.user + cpu.system) / n).toFixed(2).padStart(10)} µs CPU per request`);
  }
}
