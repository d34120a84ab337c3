/**
 * Load for requests load.ts does not send (it sends GETs): N keep-alive
 * sockets, each writing the same raw HTTP/1.1 request (any method, with a
 * body) as soon as the previous answer was read. Answers are read by
 * content-length (204 and 304 have none); chunked answers count as failures.
 * Same result shape as load.ts, so rows compare.
 */
import { fork } from 'node:child_process';
import { connect, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import type { LoadResult } from '../lib/load.ts';

export interface FixedRequestOptions {
  readonly host: string;
  readonly port: number;
  readonly method: string;
  readonly path: string;
  readonly headers?: Readonly<Record<string, string>>;
  readonly body?: string;
  readonly connections: number;
  readonly durationMs: number;
  readonly warmupMs: number;
  /** The status a request must get to count as done. */
  readonly status: number;
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** One socket sending `request` again and again; `send` resolves with the answer's status (0: failed). */
const openConnection = (host: string, port: number, request: Buffer): Promise<{ send(): Promise<number>; close(): void }> =>
  new Promise((resolve, reject) => {
    const socket: Socket = connect(port, host, () => {
      socket.setNoDelay(true);
      let buffered: Buffer = Buffer.alloc(0);
      let waiting: ((status: number) => void) | undefined;
      const settle = (status: number): void => {
        const w = waiting;
        waiting = undefined;
        w?.(status);
      };
      socket.on('data', (data: Buffer) => {
        buffered = buffered.length === 0 ? data : Buffer.concat([buffered, data]);
        const end = buffered.indexOf(HEAD_END);
        if (end < 0) return;
        const head = buffered.toString('latin1', 0, end);
        const status = Number(head.slice(9, 12));
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head)?.[1];
        if (length === undefined && status !== 204 && status !== 304) return settle(0);
        const total = end + HEAD_END.length + Number(length ?? 0);
        if (buffered.length < total) return undefined;
        buffered = buffered.subarray(total);
        return settle(status);
      });
      socket.on('error', () => settle(0));
      socket.on('close', () => settle(0));
      resolve({
        send: () => new Promise((done) => {
          waiting = done;
          socket.write(request);
        }),
        close: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });

const percentile = (sorted: Float64Array, p: number): number => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN;

export const fixedRequestLoad = async (o: FixedRequestOptions): Promise<LoadResult> => {
  const body = o.body ?? '';
  const head = [`${o.method} ${o.path} HTTP/1.1`, `host: ${o.host}:${o.port}`, ...Object.entries(o.headers ?? {}).map(([k, v]) => `${k}: ${v}`)];
  if (body !== '') head.push(`content-length: ${Buffer.byteLength(body)}`);
  const request = Buffer.from(`${head.join('\r\n')}\r\n\r\n${body}`);
  const sockets = await Promise.all(Array.from({ length: o.connections }, () => openConnection(o.host, o.port, request)));
  const run = async (ms: number): Promise<{ latencies: number[]; errors: number; seconds: number }> => {
    const latencies: number[] = [];
    let errors = 0;
    const start = performance.now();
    const deadline = start + ms;
    await Promise.all(sockets.map(async (s) => {
      while (performance.now() < deadline) {
        const sent = performance.now();
        if ((await s.send()) === o.status) latencies.push(performance.now() - sent);
        else errors += 1;
      }
    }));
    return { latencies, errors, seconds: (performance.now() - start) / 1000 };
  };
  try {
    await run(o.warmupMs);
    const r = await run(o.durationMs);
    const sorted = Float64Array.from(r.latencies).sort();
    return {
      requests: sorted.length, errors: r.errors, seconds: r.seconds, requestsPerSecond: sorted.length / r.seconds,
      p50Ms: percentile(sorted, 0.5), p99Ms: percentile(sorted, 0.99),
    };
  } finally {
    for (const s of sockets) s.close();
  }
};

/** `fixedRequestLoad` in a child process, so the generator and the server each get a core. */
export const fixedRequestLoadInChild = (o: FixedRequestOptions): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./fixed-request-load-main.ts', import.meta.url)), [JSON.stringify(o)], { execArgv: ['--import=tsx'] });
    let result: LoadResult | undefined;
    child.once('message', (m) => { result = m as LoadResult; });
    child.once('error', reject);
    child.once('exit', (code) => (result === undefined ? reject(new Error(`the load generator exited with ${code} and no result`)) : resolve(result)));
  });
