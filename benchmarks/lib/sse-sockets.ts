/**
 * Many SSE subscribers on plain sockets, cheap enough for 10,000 in one
 * process: each counts the event frames (`\n\n` after a `data:` line) it
 * receives; a few, spread over all of them, also note when each event
 * arrived, for latency.
 */
import { connect, type Socket } from 'node:net';

/** Milliseconds since the epoch, sub-millisecond: comparable between processes. */
export const epochNow = (): number => performance.timeOrigin + performance.now();

export interface SseSockets {
  /** Events received so far, over all sockets. */
  readonly received: () => number;
  /** Arrival times (`epochNow()`) of each event on the sampled sockets. */
  readonly arrivals: number[][];
  /** When (`epochNow()`) the last event arrived on any socket. */
  readonly lastArrival: () => number;
  close(): void;
}

/** `headers`: extra header lines, socket i sending `headers[i % headers.length]` (e.g. a user each). */
export const openSseSockets = async (port: number, path: string, count: number, sampled = 10, headers: readonly string[] = []): Promise<SseSockets> => {
  let received = 0;
  let lastArrival = 0;
  const sockets: Socket[] = [];
  const arrivals: number[][] = [];
  const opened: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    const s = connect({ port, host: '127.0.0.1', noDelay: true });
    // sampled sockets spread over all of them: servers write to their sockets in turn, so the first ones hear first
    const times: number[] | undefined = i % Math.max(1, Math.floor(count / sampled)) === 0 && arrivals.length < sampled ? [] : undefined;
    if (times !== undefined) arrivals.push(times);
    let headed = false;
    let tail = '';
    opened.push(new Promise((resolve, reject) => {
      s.once('error', reject);
      s.on('data', (chunk: Buffer) => {
        const text = tail + chunk.toString('latin1');
        let from = 0;
        if (!headed) {
          const end = text.indexOf('\r\n\r\n');
          if (end < 0) {
            tail = text;
            return;
          }
          headed = true;
          resolve();
          from = end + 4;
        }
        let at = text.indexOf('data:', from);
        if (at >= 0) lastArrival = epochNow();
        while (at >= 0) {
          const stop = text.indexOf('\n\n', at);
          if (stop < 0) break;
          received += 1;
          times?.push(epochNow());
          from = stop + 2;
          at = text.indexOf('data:', from);
        }
        tail = text.slice(from);
      });
    }));
    const extra = headers.length === 0 ? '' : `${headers[i % headers.length]}\r\n`;
    s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${extra}\r\n`);
    sockets.push(s);
    if (i % 500 === 499) await Promise.all(opened.slice(-500));
  }
  await Promise.all(opened);
  return { received: () => received, arrivals, lastArrival: () => lastArrival, close: () => sockets.forEach((s) => s.destroy()) };
};
