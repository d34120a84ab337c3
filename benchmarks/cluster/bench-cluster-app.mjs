// @ts-check
/**
 * The cluster benchmark's application (`rxconf serve --app`): the tick
 * notification's source, and the burst rpc that makes it send `count`
 * events, 50 per event-loop turn, as an application's source would. On a
 * replica whose source is not listened to (another replica holds the
 * source lease) nothing is sent and the answer says so.
 * Plain JavaScript, so the built `rxconf serve` loads it as users' apps.
 */
import { Subject } from 'rxjs';

const PAYLOAD = 'link down on ge-0/0/1, peer 192.0.2.17, hold timer expired';
const BURST = 50;

/** @param {import('rxconf').AppContext} app */
export default (app) => {
  /** @type {Subject<Record<string, unknown>>} */
  const ticks = new Subject();
  let seq = 0;
  app.notification('bench-cluster:tick', ticks.asObservable());
  app.operation('bench-cluster:burst', async (call) => {
    const count = Number(/** @type {Record<string, unknown>} */ (call.input ?? {}).count ?? 0);
    if (!ticks.observed) return { sent: false };
    for (let i = 0; i < count; i += BURST) {
      for (let j = i; j < Math.min(count, i + BURST); j++) ticks.next({ seq: (seq += 1), payload: PAYLOAD });
      await new Promise((resolve) => setImmediate(resolve));
    }
    return { sent: true };
  });
};
