/**
 * Event-stream churn: subscribers connect and go away
 * by the hundred (RXCONF_HOSTILE_LONG=1: 20,600), 40 at a time, to the
 * changes stream and a notification, with and without filters, some closing
 * cleanly, some cut (a reset), some before their first event, while edits
 * commit and notifications fire. Afterwards subscribers, sources and
 * filters are back to 0 in rxconf-server state, no timer is left, no error
 * was logged, and a new subscriber still gets its events. Both transports.
 *
 * Long run: RXCONF_HOSTILE_LONG=1 npx ava --timeout=2h test/http/hostile/
 * (ava's own 2-minute inactivity time-out would stop it).
 */
import test from 'ava';
import { SseClient } from '../../helpers/sse-client.ts';
import { available, errorLines, JSON_TYPE, startHostile, streamStats, TRANSPORTS } from './hostile-server.ts';
import { pool, settles, timers } from './raw-exchange.ts';

const LONG = process.env.RXCONF_HOSTILE_LONG === '1';
const CYCLES = LONG ? 20_600 : 300;
const WIDTH = 40;

const FILTERS = [undefined, "datastore-changes/yang-patch/edit/operation = 'merge'", 'count(//text) > 0', 'text'];

for (const transport of TRANSPORTS) {
  test.serial(`${transport}: ${CYCLES} event-stream connects and disconnects leave no subscriber, source, filter or timer`, async (t) => {
    t.timeout(LONG ? 3_600_000 : 120_000);
    if (!available(transport)) return void t.pass(`${transport} is not available here`);
    const h = await startHostile(transport);
    try {
      const timersBefore = timers();
      let stop = false;
      // Edits and notifications all along, so streams have events to send (and drop).
      const feed = (async () => {
        for (let n = 0; !stop; n++) {
          const r = await fetch(`${h.url}/restconf/data/hl-load:things`, { method: 'PATCH', headers: JSON_TYPE, body: JSON.stringify({ 'hl-load:things': { thing: [{ name: `c${n % 20}`, text: `v${n}` }] } }) });
          t.true(r.ok, `PATCH ${r.status}`);
          h.alarms.next({ text: `alarm ${n}` });
          await new Promise((r) => setTimeout(r, 5));
        }
      })();
      const refused: string[] = [];
      await pool(CYCLES, WIDTH, async (i) => {
        const filter = FILTERS[i % FILTERS.length];
        const path = i % 3 === 0 ? '/restconf/data/hl-load:alarm' : '/restconf/streams/hl-load/changes';
        const query = filter === undefined || path.endsWith('alarm') ? '' : `?filter=${encodeURIComponent(filter)}`;
        const c = await SseClient.open(`${h.url}${path}${query}`);
        if (c.status !== 200) refused.push(`${path}${query}: ${c.status}`);
        // Leave at once, after the first event, or after a little while; cleanly or by a reset.
        if (i % 4 === 1) await c.waitFor(1, 2_000).catch(() => undefined);
        else if (i % 4 === 2) await new Promise((r) => setTimeout(r, 20));
        if (i % 2 === 0) c.close();
        else c.cut();
      });
      stop = true;
      await feed;
      t.deepEqual(refused, [], 'every stream opened');
      t.true(await settles(async () => {
        const s = await streamStats(h.url);
        return s.subscribers === 0 && s.sources === 0 && s.filters === 0;
      }), `streams back to 0: ${JSON.stringify(await streamStats(h.url))}`);
      t.true(await settles(() => timers() <= timersBefore), `timers back to ${timersBefore} (now ${timers()})`);
      // Still serving events.
      const c = await SseClient.open(`${h.url}/restconf/data/hl-load:alarm`);
      await settles(async () => (await streamStats(h.url)).subscribers === 1);
      h.alarms.next({ text: 'after the churn' });
      const [m] = await c.waitFor(1);
      t.regex(m?.data ?? '', /after the churn/);
      c.close();
      t.true(await settles(async () => (await streamStats(h.url)).sources === 0));
      t.deepEqual(errorLines(h).map((l) => `${l.message}: ${String((l.fields['err'] as Error | undefined)?.message)}`), [], 'no error logged');
    } finally {
      await h.close();
    }
  });
}
