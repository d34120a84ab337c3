/**
 * Fuzz: random hostile requests (fuzz-requests.ts), 2,000 per
 * transport (RXCONF_HOSTILE_LONG=1: 100,000), each on its own socket, 48 at
 * a time (malformed ones, which uWS may leave to its idle time-out, 256). Every well-formed request gets a status; a malformed one a status
 * or a close within the bound (uWS 20.30 closes some without a status:
 * docs/http.md); no 500 without an RFC 8040 error body, and no 500 at all
 * (no node fails here: every refusal is the client's); the datastore is as
 * it was (every write carried a defect); the server answers afterwards; no
 * timer, subscriber or error line is left over.
 *
 * Long run: RXCONF_HOSTILE_LONG=1 npx ava --timeout=2h test/http/hostile/
 * (ava's own 2-minute inactivity time-out would stop it).
 */
import test from 'ava';
import { fuzzRequest, random, SEEDED } from './fuzz-requests.ts';
import { available, errorLines, JSON_TYPE, snapshot, startHostile, streamStats, TRANSPORTS } from './hostile-server.ts';
import { isTypedError, pool, rawExchange, settles, timers } from './raw-exchange.ts';

const LONG = process.env.RXCONF_HOSTILE_LONG === '1';
const COUNT = Number(process.env.RXCONF_HOSTILE_FUZZ ?? (LONG ? 100_000 : 2_000));
const WIDTH = 48;
const MALFORMED_WIDTH = 256;

/** What a request closed without a status was, for the log: its method, or the malformed kind. */
const closedKind = (label: string): string => {
  const method = /^([A-Za-z-]+) \//.exec(label)?.[1];
  if (method === undefined) return label;
  return label.endsWith('broken chunks') ? `${method} (broken chunks)` : method;
};

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: ${COUNT} fuzzed requests: each answered (or, malformed, closed); no 500; the datastore unchanged; nothing left over`, async (t) => {
    t.timeout(Math.max(120_000, COUNT * 60));
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport, { limits: { maxBodyBytes: 65_536 } });
    try {
      const seeded = await fetch(`${h.url}/restconf/data/hl-load:things`, {
        method: 'PUT',
        headers: JSON_TYPE,
        body: JSON.stringify({ 'hl-load:things': { thing: SEEDED.map((name) => ({ name, text: name, tag: ['x'] })) } }),
      });
      t.is(seeded.status, 201);
      const before = await snapshot(h.url);
      const timersBefore = timers();
      const seed = Number(process.env.RXCONF_HOSTILE_SEED ?? Date.now() % 1_000_000);
      t.log(`${transport}: seed ${seed} (RXCONF_HOSTILE_SEED=${seed} repeats this run)`);
      const next = random(seed);
      const requests = Array.from({ length: COUNT }, () => fuzzRequest(next));
      const unanswered: string[] = [];
      const closedWellFormed: string[] = [];
      const errors500: string[] = [];
      const closedMalformed = new Set<string>();
      const statuses = new Map<string, number>();
      // Malformed requests may wait out uWS's idle time-out (10-14 s): they get a pool of their own, wider.
      const malformed = requests.flatMap((r, i) => (r.kind === 'malformed' ? [i] : []));
      const wellFormed = requests.flatMap((r, i) => (r.kind === 'request' ? [i] : []));
      const send = async (i: number): Promise<void> => {
        const req = requests[i]!;
        const outcome = await rawExchange(h.port, req.bytes);
        const key = outcome.kind === 'status' ? String(outcome.status) : outcome.kind;
        statuses.set(key, (statuses.get(key) ?? 0) + 1);
        if (outcome.kind === 'no answer') unanswered.push(`#${i} ${req.label}`);
        else if (outcome.kind === 'closed' && req.kind === 'request') closedWellFormed.push(`#${i} ${req.label}`);
        else if (outcome.kind === 'closed') closedMalformed.add(closedKind(req.label));
        else if (outcome.kind === 'status' && outcome.status >= 500 && outcome.status !== 501 && outcome.status !== 505) {
          errors500.push(`#${i} ${req.label}: ${outcome.status} ${isTypedError(outcome.body) ? 'typed' : 'UNTYPED'} ${outcome.body.slice(0, 200)}`);
        }
      };
      await Promise.all([
        pool(wellFormed.length, WIDTH, (k) => send(wellFormed[k]!)),
        pool(malformed.length, MALFORMED_WIDTH, (k) => send(malformed[k]!)),
      ]);
      t.log(`${transport}: outcomes ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
      if (closedMalformed.size > 0) t.log(`${transport}: closed without a status (malformed): ${[...closedMalformed].sort().join(' | ')}`);
      t.deepEqual(unanswered, [], 'requests without an answer or a close');
      t.deepEqual(closedWellFormed, [], 'well-formed requests closed without a status');
      t.deepEqual(errors500, [], '500s (a node never fails here)');
      // node:http answers every malformed request with a status too
      if (transport === 'http1') t.deepEqual([...closedMalformed], [], 'node:http: requests closed without a status');
      t.is(await snapshot(h.url), before, 'the datastore is as it was');
      const after = await fetch(`${h.url}/restconf/data/hl-load:things/thing=a1/text`);
      t.is(after.status, 200, 'the server answers');
      t.like(await streamStats(h.url), { subscribers: 0, sources: 0, filters: 0 });
      t.true(await settles(() => timers() <= timersBefore), `timers back to ${timersBefore} (now ${timers()})`);
      t.deepEqual(errorLines(h).map((l) => `${l.message}: ${String((l.fields['err'] as Error | undefined)?.message)}`), [], 'no error logged');
    } finally {
      await h.close();
    }
  });
}
