/**
 * A small HTTP/1.1 load generator: N keep-alive connections, each sending
 * its next GET as soon as the previous answer was read, until a request
 * count or a duration runs out. Client 'agent': node:http with a keep-alive
 * Agent; client 'socket': bare sockets (raw-http-connection.ts), much
 * cheaper, so more of the measured time is the server's. Either competes
 * with the server for CPU (`loadInChild` gives it a process of its own), so
 * its figures mean something only as ratios to a baseline measured the same
 * way in the same run.
 */
import { fork } from 'node:child_process';
import { Agent, request } from 'node:http';
import { fileURLToPath } from 'node:url';
import { RawHttpConnection } from './raw-http-connection.ts';

export interface LoadOptions {
  readonly host?: string;
  readonly port: number;
  readonly path?: string;
  /** Concurrent keep-alive connections, one request in flight on each. */
  readonly connections: number;
  /** Stop after this many requests in all... */
  readonly requests?: number;
  /** ...or after this many milliseconds, whichever comes first. */
  readonly durationMs?: number;
  /** Requests sent before measuring, for this long, not counted. */
  readonly warmupMs?: number;
  /** 'agent' (default): node:http keep-alive Agent; 'socket': bare keep-alive sockets. */
  readonly client?: 'agent' | 'socket';
}

/** Sends one GET on its connection; resolves true when the answer was a 200 read in full. */
type Requester = () => Promise<boolean>;

export interface LoadResult {
  readonly requests: number;
  readonly errors: number;
  readonly seconds: number;
  readonly requestsPerSecond: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
}

const percentile = (sorted: Float64Array, p: number): number =>
  sorted.length === 0 ? NaN : (sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? NaN);

const get = (agent: Agent, host: string, port: number, path: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request({ host, port, path, agent }, (res) => {
      res.on('error', () => resolve(false));
      res.on('end', () => resolve(res.statusCode === 200));
      res.resume();
    });
    req.on('error', () => resolve(false));
    req.end();
  });

/** One timed run over the given connections: latencies (ms) of the requests that succeeded, and the failures. */
const drive = async (requesters: readonly Requester[], durationMs: number, budget: number) => {
  const latencies: number[] = [];
  let errors = 0;
  let issued = 0;
  const start = performance.now();
  const deadline = start + durationMs;
  const connection = async (send: Requester): Promise<void> => {
    while (issued < budget && performance.now() < deadline) {
      issued += 1;
      const sent = performance.now();
      if (await send()) latencies.push(performance.now() - sent);
      else errors += 1;
    }
  };
  await Promise.all(requesters.map(connection));
  return { latencies, errors, seconds: (performance.now() - start) / 1000 };
};

const connections = async (options: LoadOptions): Promise<{ requesters: Requester[]; close(): void }> => {
  const host = options.host ?? '127.0.0.1';
  const path = options.path ?? '/';
  if (options.client === 'socket') {
    const open = await Promise.all(Array.from({ length: options.connections }, () => RawHttpConnection.open(host, options.port, path)));
    return {
      requesters: open.map((c) => async () => (await c.get()) === 200),
      close: () => { for (const c of open) c.close(); },
    };
  }
  const agent = new Agent({ keepAlive: true, maxSockets: options.connections });
  const send: Requester = () => get(agent, host, options.port, path);
  return { requesters: Array.from({ length: options.connections }, () => send), close: () => agent.destroy() };
};

/** `onMeasuring` is called when the warm-up is over and the measured run starts. */
export const load = async (options: LoadOptions, onMeasuring?: () => void): Promise<LoadResult> => {
  const { requesters, close } = await connections(options);
  try {
    if ((options.warmupMs ?? 0) > 0) await drive(requesters, options.warmupMs ?? 0, Infinity);
    onMeasuring?.();
    const run = await drive(requesters, options.durationMs ?? Infinity, options.requests ?? Infinity);
    const sorted = Float64Array.from(run.latencies).sort();
    return {
      requests: sorted.length,
      errors: run.errors,
      seconds: run.seconds,
      requestsPerSecond: sorted.length / run.seconds,
      p50Ms: percentile(sorted, 0.5),
      p99Ms: percentile(sorted, 0.99),
    };
  } finally {
    close();
  }
};

/**
 * `load` in a child process, so the generator and a server in this process
 * each get a core. `onMeasuring` runs here when the measured run starts
 * there (to take the server's CPU time over exactly that run).
 */
export const loadInChild = (options: LoadOptions, onMeasuring?: () => void): Promise<LoadResult> =>
  new Promise((resolve, reject) => {
    const child = fork(fileURLToPath(new URL('./load-main.ts', import.meta.url)), [JSON.stringify(options)], {
      execArgv: ['--import=tsx'],
    });
    let result: LoadResult | undefined;
    child.on('message', (message: LoadResult | 'measuring') => {
      if (message === 'measuring') onMeasuring?.();
      else result = message;
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (result !== undefined) resolve(result);
      else reject(new Error(`the load generator exited with ${code} and no result`));
    });
  });
