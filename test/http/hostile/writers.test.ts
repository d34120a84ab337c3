/**
 * Concurrent writers: 64 clients at once, each
 * racing the others to create the same entries (POST: exactly one 201 per
 * entry, every other answer 409 data-exists), and PATCHing entries of
 * their own; afterwards every acknowledged edit is in the datastore and
 * every created entry holds its winner's value. Both transports.
 *
 * Long run: RXCONF_HOSTILE_LONG=1 npx ava --timeout=2h test/http/hostile/
 * (ava's own 2-minute inactivity time-out would stop it).
 */
import test from 'ava';
import { available, errorLines, JSON_TYPE, startHostile, TRANSPORTS } from './hostile-server.ts';

const LONG = process.env.RXCONF_HOSTILE_LONG === '1';
const WRITERS = 64;
const RACES = LONG ? 200 : 5;

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: ${WRITERS} writers: each create race has exactly one 201; every acknowledged edit is kept`, async (t) => {
    t.timeout(LONG ? 3_600_000 : 120_000);
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport);
    try {
      const send = (method: string, path: string, body: unknown): Promise<Response> =>
        fetch(`${h.url}/restconf/data/${path}`, { method, headers: JSON_TYPE, body: JSON.stringify(body) });
      const winners = new Map<string, number>();
      const acknowledged = new Map<string, string>();
      const unexpected: string[] = [];
      for (let race = 0; race < RACES; race++) {
        const name = `race${race}`;
        const answers = await Promise.all(Array.from({ length: WRITERS }, async (_, w) => {
          // Half the writers also PATCH an entry of their own in the same burst.
          const own = w % 2 === 0 ? send('PATCH', 'hl-load:things', { 'hl-load:things': { thing: [{ name: `w${w}`, text: `r${race}` }] } }) : undefined;
          const r = await send('POST', 'hl-load:things', { 'hl-load:thing': [{ name, text: `writer ${w}` }] });
          const text = await r.text();
          if (own !== undefined) {
            const o = await own;
            await o.arrayBuffer();
            if (o.status === 204 || o.status === 201) acknowledged.set(`w${w}`, `r${race}`);
            else unexpected.push(`PATCH w${w}: ${o.status}`);
          }
          if (r.status !== 201 && r.status !== 409) unexpected.push(`POST ${name} by ${w}: ${r.status} ${text.slice(0, 200)}`);
          if (r.status === 409) t.regex(text, /data-exists/);
          return { w, status: r.status };
        }));
        const created = answers.filter((a) => a.status === 201);
        t.is(created.length, 1, `${name}: exactly one 201 (got ${created.length})`);
        if (created[0] !== undefined) winners.set(name, created[0].w);
      }
      t.deepEqual(unexpected, []);
      const r = await fetch(`${h.url}/restconf/data/hl-load:things`, { headers: { accept: 'application/yang-data+json' } });
      const things = new Map(((await r.json()) as { 'hl-load:things': { thing: { name: string; text: string }[] } })['hl-load:things'].thing.map((e) => [e.name, e.text]));
      for (const [name, w] of winners) t.is(things.get(name), `writer ${w}`, `${name} holds its winner's value`);
      for (const [name, text] of acknowledged) t.is(things.get(name), text, `${name}: the last acknowledged PATCH`);
      t.deepEqual(errorLines(h), []);
    } finally {
      await h.close();
    }
  });
}
