/**
 * Many SSE subscribers on plain sockets, cheap enough for 10,000 in one
 * process: each counts the event frames it receives; a few, spread over all
 * of them, also note when each event arrived, for latency.
 *
 * The clients are the load generator, and on two cores they compete with
 * the server for CPU: the cheaper they read, the more the figures are the
 * server's. So every socket reads into one shared buffer (`onread`: no
 * Buffer per read, no string) and an event is counted by searching the bytes
 * for the end of an event frame: a JSON object's `}` followed by the frame's
 * blank line (`}\n\n`; comments such as keep-alives and the opening frame do
 * not end so), across reads too.
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

const CLOSE_BRACE = 0x7d;
const LF = 0x0a;
const FRAME_END = Buffer.from('}\n\n', 'latin1');
const HEAD_END = Buffer.from('\r\n\r\n', 'latin1');

/** Read buffer shared by every socket of the process (each read is handled before the next). */
const shared = Buffer.alloc(256 * 1024);

/**
 * Event frames ending in `bytes`, given how the socket's previous bytes
 * ended (`carry`: 1 after `}`, 2 after `}\n`, else 0); the new carry is
 * written to `state[0]`.
 */
const countFrameEnds = (bytes: Buffer, from: number, to: number, carry: number, state: Int8Array): number => {
  let found = 0;
  // a view of this read only: the shared buffer holds older reads beyond it
  const read = bytes.subarray(0, to);
  if (carry === 1 && to - from >= 2 && bytes[from] === LF && bytes[from + 1] === LF) found += 1;
  else if (carry === 2 && to - from >= 1 && bytes[from] === LF) found += 1;
  for (let at = read.indexOf(FRAME_END, from); at >= 0; at = read.indexOf(FRAME_END, at + 3)) found += 1;
  const last = bytes[to - 1];
  const before = to - from >= 2 ? bytes[to - 2] : carry === 1 ? CLOSE_BRACE : undefined;
  state[0] = last === CLOSE_BRACE ? 1 : last === LF && before === CLOSE_BRACE ? 2 : 0;
  return found;
};

/** `headers`: extra header lines, socket i sending `headers[i % headers.length]` (e.g. a user each). */
export const openSseSockets = async (port: number, path: string, count: number, sampled = 10, headers: readonly string[] = []): Promise<SseSockets> => {
  let received = 0;
  let lastArrival = 0;
  const sockets: Socket[] = [];
  const arrivals: number[][] = [];
  const opened: Promise<void>[] = [];
  for (let i = 0; i < count; i++) {
    // sampled sockets spread over all of them: servers write to their sockets in turn, so the first ones hear first
    const times: number[] | undefined = i % Math.max(1, Math.floor(count / sampled)) === 0 && arrivals.length < sampled ? [] : undefined;
    if (times !== undefined) arrivals.push(times);
    let headed = false;
    let head = '';
    const state = new Int8Array(1);
    let onHead: () => void = () => undefined;
    const read = (n: number, bytes: Buffer): boolean => {
      let from = 0;
      if (!headed) {
        head += bytes.toString('latin1', 0, n);
        const end = head.indexOf('\r\n\r\n');
        if (end < 0) return true;
        headed = true;
        // where the body starts in this read: the head's end is in it
        from = Math.max(0, n - (head.length - end - HEAD_END.length));
        head = '';
        onHead();
      }
      const found = countFrameEnds(bytes, from, n, state[0] as number, state);
      if (found > 0) {
        received += found;
        const now = epochNow();
        lastArrival = now;
        if (times !== undefined) for (let k = 0; k < found; k++) times.push(now);
      }
      return true;
    };
    const s = connect({ port, host: '127.0.0.1', noDelay: true, onread: { buffer: shared, callback: read } });
    opened.push(new Promise((resolve, reject) => {
      s.once('error', reject);
      onHead = resolve;
    }));
    const extra = headers.length === 0 ? '' : `${headers[i % headers.length]}\r\n`;
    s.write(`GET ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: text/event-stream\r\n${extra}\r\n`);
    sockets.push(s);
    if (i % 500 === 499) await Promise.all(opened.slice(-500));
  }
  await Promise.all(opened);
  return { received: () => received, arrivals, lastArrival: () => lastArrival, close: () => sockets.forEach((s) => s.destroy()) };
};
