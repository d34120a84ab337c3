/**
 * kill -9 during hostile edits: `rxconf serve --data`
 * in a child process (test/helpers/serve-process.ts, as test/store's kill
 * loop), 24 clients racing to create the same entries, PATCHing their own
 * and sending refused writes, SIGKILL at a random moment; 4 kills
 * (RXCONF_HOSTILE_LONG=1: 35), transports alternating. After each restart:
 * every acknowledged edit is there, no entry was acknowledged as created
 * twice, no `*.tmp` debris is left beside the data file, and refused writes
 * changed nothing.
 *
 * Long run: RXCONF_HOSTILE_LONG=1 npx ava --timeout=2h test/http/hostile/
 * (ava's own 2-minute inactivity time-out would stop it).
 */
import test from 'ava';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serverCommand, startServe } from '../../helpers/serve-process.ts';
import { yang } from './hostile-server.ts';

const LONG = process.env.RXCONF_HOSTILE_LONG === '1';
const KILLS = LONG ? 35 : 4;
const CLIENTS = 24;

interface Acked {
  /** Entry → the text its acknowledged create or last acknowledged PATCH gave it. */
  readonly texts: Map<string, string>;
  /** Entry → how many 201s it got. */
  readonly created: Map<string, number>;
  /** Entry → texts of PATCHes sent but not answered (the kill came first): either may be there. */
  readonly pending: Map<string, Set<string>>;
}

const client = async (url: string, c: number, round: number, acked: Acked, counter: { n: number }): Promise<void> => {
  const send = (method: string, path: string, body: string, type = 'application/yang-data+json'): Promise<Response> =>
    fetch(`${url}/restconf/data/${path}`, { method, headers: { 'content-type': type }, body, signal: AbortSignal.timeout(10_000) });
  try {
    for (;;) {
      const n = (counter.n += 1);
      const kind = n % 3;
      if (kind === 0) {
        // Clients race in groups of 4 for the same name.
        const name = `r${round}-${Math.floor(n / 12)}`;
        const text = `c${c}`;
        const r = await send('POST', 'hl-load:things', JSON.stringify({ 'hl-load:thing': [{ name, text }] }));
        await r.arrayBuffer();
        if (r.status === 201) {
          acked.created.set(name, (acked.created.get(name) ?? 0) + 1);
          acked.texts.set(name, text);
        }
      } else if (kind === 1) {
        const name = `own${c}`;
        const text = `v${n}`;
        const pending = acked.pending.get(name) ?? new Set();
        acked.pending.set(name, pending);
        pending.add(text);
        const r = await send('PATCH', 'hl-load:things', JSON.stringify({ 'hl-load:things': { thing: [{ name, text }] } }));
        await r.arrayBuffer();
        pending.delete(text);
        if (r.ok) {
          acked.texts.set(name, text);
          pending.clear(); // the server serialises edits: anything earlier is superseded
        }
      } else {
        // Refused writes: no JSON media type, or invalid for the schema.
        const r = n % 2 === 0
          ? await send('PUT', `hl-load:things/thing=own${c}`, JSON.stringify({ 'hl-load:thing': [{ name: `own${c}`, text: 'never' }] }), 'text/plain')
          : await send('PATCH', 'hl-load:code', JSON.stringify({ 'hl-load:code': `${'a'.repeat(30)}c` }));
        await r.arrayBuffer();
      }
    }
  } catch {
    // the server was killed: what was in flight is unknown and was not acknowledged
  }
};

const problems = (things: Map<string, string>, acked: Acked): string[] => {
  const out: string[] = [];
  for (const [name, text] of acked.texts) {
    const got = things.get(name);
    if (got !== text && !(acked.pending.get(name)?.has(got ?? '') ?? false)) out.push(`${name}: ${String(got)}, acknowledged ${text}`);
  }
  for (const [name, n] of acked.created) if (n > 1) out.push(`${name} created ${n} times`);
  for (const text of things.values()) if (text === 'never') out.push('a refused PUT was applied');
  return out;
};

test('kill -9 during racing, refused and acknowledged edits: every acknowledged edit survives, one create per entry, no debris', async (t) => {
  t.timeout(LONG ? 3_600_000 : 120_000);
  const command = await serverCommand();
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-hostile-kill9-'));
  const data = join(dir, 'data.json');
  const acked: Acked = { texts: new Map(), created: new Map(), pending: new Map() };
  const counter = { n: 0 };
  try {
    for (let kill = 0; kill <= KILLS; kill++) {
      const server = await startServe(command, { path: yang, modules: ['hl-load'], data, transport: kill % 2 === 0 ? 'auto' : 'http1' });
      try {
        t.deepEqual(readdirSync(dir).filter((f) => f.endsWith('.tmp')), [], `no *.tmp debris after ${kill} kills`);
        const r = await fetch(`${server.url}/restconf/data/hl-load:things`, { headers: { accept: 'application/yang-data+json' } });
        const doc = r.status === 200 ? ((await r.json()) as { 'hl-load:things': { thing: { name: string; text?: string }[] } }) : undefined;
        const things = new Map((doc?.['hl-load:things'].thing ?? []).map((e) => [e.name, e.text ?? '']));
        t.deepEqual(problems(things, acked), [], `after ${kill} kills`);
        const code = await fetch(`${server.url}/restconf/data/hl-load:code`);
        t.is(code.status, 404, 'the refused PATCH of code never applied');
        await code.arrayBuffer();
        if (kill === KILLS) break;
        const before = counter.n;
        const clients = Array.from({ length: CLIENTS }, (_, c) => client(server.url, c, kill, acked, counter));
        const until = counter.n + 20 + Math.floor(Math.random() * 300);
        while (counter.n < until && server.child.exitCode === null) await new Promise((r) => setTimeout(r, 2));
        server.child.kill('SIGKILL');
        await server.exited;
        await Promise.all(clients);
        t.true(counter.n > before);
      } finally {
        server.child.kill('SIGKILL');
        await server.exited;
      }
    }
    t.log(`${KILLS} kills; ${counter.n} requests; ${acked.created.size} entries created, ${acked.texts.size} acknowledged values`);
    t.true(acked.created.size > 0 && acked.texts.size > CLIENTS / 2);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
