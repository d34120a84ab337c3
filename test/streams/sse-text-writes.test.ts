/**
 * The text of an event burst as every subscriber's socket gets it, on both
 * transports: a burst written to several sockets in turn (on uWS, one UTF-8
 * encoding shared by those writes, no lent chunk bytes involved) arrives
 * whole, in order and correctly decoded on each, non-ASCII text included,
 * burst after burst.
 */
import test from 'ava';
import { join } from 'node:path';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { uwsNative } from '../../src/http/adapters/index.ts';
import { startServer } from '../../src/server/start-server.ts';
import { alarms, counts } from '../fixtures/apps/stream-app.ts';
import { SseClient } from '../helpers/sse-client.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures');

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 200; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

const TEXTS = ['naïve — 日本語 ✓', 'emoji 🚀 and “quotes”', 'plain ascii', 'ß€'];

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: a burst of non-ASCII events reaches every subscriber whole and in order, burst after burst`, async (t) => {
    if (transport === 'uws' && !uwsNative) {
      t.log('the native uWebSockets.js binary is not available here: uWS case skipped');
      t.pass();
      return;
    }
    const server = await startServer({
      searchPath: [join(fixtures, 'yang', 'server')],
      modules: ['sv-streams'],
      app: join(fixtures, 'apps', 'stream-app.ts'),
      host: '127.0.0.1',
      port: 0,
      transport,
      log: () => undefined,
    });
    const clients: SseClient[] = [];
    try {
      const live = counts.subscribed - counts.closed;
      for (let i = 0; i < 3; i++) clients.push(await SseClient.open(`${server.url}/restconf/data/sv-streams:alarm`));
      // one shared source for the three
      await until(() => counts.subscribed - counts.closed === live + 1, 'the source is subscribed');
      const sent: { severity: number; text: string }[] = [];
      for (let burst = 0; burst < 3; burst++) {
        // one turn of the event loop: the events go out joined, one write per socket
        for (const [i, text] of TEXTS.entries()) {
          const event = { severity: burst * 10 + i, text: `${text} ${burst}` };
          sent.push(event);
          alarms.next(event);
        }
        await nextTurn();
      }
      for (const c of clients) {
        await c.waitFor(sent.length);
        t.deepEqual(c.json(), sent);
      }
    } finally {
      for (const c of clients) c.close();
      await server.close();
    }
  });
}
