/**
 * kill -9 in a loop: `rxconf serve --data` in a child process, 50 clients
 * PATCHing, POSTing and DELETEing over real HTTP (both transports in turn),
 * SIGKILL at a random moment, 4 times (RXCONF_SOAK=1, as CI runs it: 30;
 * RXCONF_LONG=1: 300). After each kill
 * the data file and journal load and validate in this process, and the
 * restarted server answers with every acknowledged (2xx) edit.
 *
 * The server is src/cli/main.ts bundled once with esbuild (what tsx runs it
 * with) so that a restart costs a fraction of a second; RXCONF_TEST_TSX=1
 * runs it through `node --import tsx` instead.
 */
import test from 'ava';
import { join } from 'node:path';
import { DataContainer } from '../../src/data/data-container.ts';
import { decodeDatastore } from '../../src/data/json/index.ts';
import { validateTree } from '../../src/validate/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { serverCommand, startServe, type ServeProcess } from '../helpers/serve-process.ts';
import { crashImage, fixtures, loadState, tempDataFile } from './helpers.ts';

const LONG = process.env.RXCONF_LONG === '1';
const SOAK = process.env.RXCONF_SOAK === '1';
const KILLS = LONG ? 300 : SOAK ? 30 : 4;
const CLIENTS = 50;
const repo = join(import.meta.dirname, '..', '..');

// What the server serves: the fixture and its own rxconf-server module (whose settings it keeps in the same file).
const compiled = compileSchema({ searchPath: [fixtures, join(repo, 'yang')], modules: [{ file: join(fixtures, 'st-store.yang') }, { file: join(repo, 'yang', 'rxconf-server.yang') }] });
if (!compiled.ok) throw new Error(compiled.diagnostics.map((d) => d.message).join('\n'));
const schema = compiled.context;

const start = (command: readonly string[], file: string, transport: string): Promise<ServeProcess> =>
  startServe(command, { path: fixtures, modules: ['st-store'], data: file, transport, env: { RXCONF_JOURNAL_COMPACT_BYTES: '4096' } });

/** What the clients were told: a 2xx answer. */
interface Acknowledged {
  readonly values: Map<string, number>;
  readonly created: Set<number>;
  readonly deleted: Set<number>;
  /** Entries a DELETE was sent for, answered or not (those not answered may or may not be gone). */
  readonly deleting: Set<number>;
}

const JSON_TYPE = { 'content-type': 'application/yang-data+json' };

/** One client's loop until its server goes away: PUT and PATCH its item with growing values, create entries, delete some of its own. */
const client = async (url: string, c: number, next: () => number, acked: Acknowledged, mine: number[]): Promise<void> => {
  const request = (method: string, path: string, body?: unknown): Promise<Response> =>
    fetch(`${url}/restconf/data/${path}`, { method, headers: JSON_TYPE, ...(body === undefined ? {} : { body: JSON.stringify(body) }), signal: AbortSignal.timeout(10_000) });
  try {
    for (;;) {
      const n = next();
      const kind = n % 4;
      if (kind <= 1) {
        const r = await request(kind === 0 ? 'PUT' : 'PATCH', `st-store:item=c${c}`, { 'st-store:item': [{ id: `c${c}`, value: n }] });
        await r.arrayBuffer();
        if (r.ok) acked.values.set(`c${c}`, Math.max(n, acked.values.get(`c${c}`) ?? 0));
      } else if (kind === 2 || mine.length === 0) {
        const r = await request('POST', 'st-store:', { 'st-store:entry': [{ id: n, v: `from c${c}` }] });
        await r.arrayBuffer();
        if (r.status === 201) {
          acked.created.add(n);
          mine.push(n);
        }
      } else {
        const id = mine.shift() as number;
        acked.deleting.add(id);
        const r = await request('DELETE', `st-store:entry=${id}`);
        await r.arrayBuffer();
        if (r.ok) acked.deleted.add(id);
      }
    }
  } catch {
    // the server was killed: whatever was in flight is unknown, and was not acknowledged
  }
};

/** Acknowledged edits missing from a datastore document. */
const missing = (doc: unknown, acked: Acknowledged): string[] => {
  const d = doc as Record<string, unknown[] | undefined>;
  const items = new Map((d['st-store:item'] ?? []).map((e) => [(e as { id: string }).id, (e as { value: number }).value]));
  const entries = new Set((d['st-store:entry'] ?? []).map((e) => (e as { id: number }).id));
  const out: string[] = [];
  for (const [id, v] of acked.values) if ((items.get(id) ?? -1) < v) out.push(`item ${id} value ${v} (found ${items.get(id)})`);
  for (const id of acked.created) if (!acked.deleting.has(id) && !entries.has(id)) out.push(`entry ${id} (created)`);
  for (const id of acked.deleted) if (entries.has(id)) out.push(`entry ${id} (deleted)`);
  return out;
};

test('kill -9 during concurrent edits, again and again: every acknowledged edit survives, the data loads and validates', async (t) => {
  t.timeout(LONG ? 3_600_000 : 360_000);
  const command = await serverCommand();
  const file = tempDataFile();
  const acked: Acknowledged = { values: new Map(), created: new Set(), deleted: new Set(), deleting: new Set() };
  const mine: number[][] = Array.from({ length: CLIENTS }, () => []);
  let counter = 0;
  const next = (): number => (counter += 1);
  let replayedTotal = 0;
  let warned = 0;
  const t0 = Date.now();
  let starting = 0;
  for (let kill = 0; kill < KILLS; kill++) {
    const s0 = Date.now();
    const server = await start(command, file, kill % 2 === 0 ? 'auto' : 'http1');
    starting += Date.now() - s0;
    // The restarted server holds every edit acknowledged before the kill.
    const whole = await fetch(`${server.url}/restconf/data/st-store:`, { headers: { accept: 'application/yang-data+json' } });
    t.is(whole.status, 200);
    t.deepEqual(missing(await whole.json(), acked), [], `after kill ${kill}`);
    const before = counter;
    const clients = Array.from({ length: CLIENTS }, (_, c) => client(server.url, c, next, acked, mine[c] as number[]));
    // Kill at a random moment of the load: early (the run's first snapshot), or later (journal, compactions).
    const until = counter + 1 + Math.floor(Math.random() * (Math.random() < 0.3 ? 20 : 200));
    while (counter < until && server.child.exitCode === null) await new Promise((resolve) => setTimeout(resolve, 1));
    server.child.kill('SIGKILL');
    await server.exited;
    await Promise.all(clients);
    t.true(counter > before, `requests were sent before kill ${kill}`);

    // The data file and the journal as the kill left them load and validate.
    const loaded = loadState(crashImage(file), schema);
    replayedTotal += loaded.replayed;
    warned += loaded.warnings.length;
    t.deepEqual(missing(loaded.state, acked), [], `loading what kill ${kill} left`);
    const decoded = decodeDatastore(loaded.state, schema, { strict: true, content: 'all' });
    t.true(decoded.ok);
    if (decoded.ok) t.deepEqual(validateTree(decoded.value as Map<string, DataContainer>, { content: 'config', schema }), []);
  }
  const last = await start(command, file, 'http1');
  const whole = await fetch(`${last.url}/restconf/data/st-store:`, { headers: { accept: 'application/yang-data+json' } });
  t.deepEqual(missing(await whole.json(), acked), []);
  last.child.kill('SIGKILL');
  await last.exited;
  t.log(`${KILLS} kills in ${((Date.now() - t0) / 1000).toFixed(1)} s (${(starting / 1000).toFixed(1)} s starting servers); ${counter} requests sent; acknowledged: ${acked.values.size} items, ${acked.created.size} entries created, ${acked.deleted.size} deleted; ${replayedTotal} journal records replayed, ${warned} recovery warnings`);
  t.true((SOAK || LONG ? acked.values.size === CLIENTS : acked.values.size > 0) && acked.created.size > KILLS && acked.deleted.size > 0);
});
