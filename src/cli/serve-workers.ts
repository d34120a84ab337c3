/**
 * `rxconf serve --cluster … --workers N`: this process (the primary) serves
 * nothing itself; it runs N replica processes (node:cluster workers) that
 * serve one port: uWebSockets.js workers listen with SO_REUSEPORT (the
 * kernel spreads new connections), node:http workers on the primary's
 * socket (the primary hands out connections in turn). Worker k is replica
 * `<id>-w<k>`. The primary prints `listening on URL` once every worker
 * listens; a worker that dies afterwards is started again (after 0.25 s,
 * doubling up to 10 s while it keeps dying young); one that fails before
 * all listened stops the others and the primary exits 1. SIGINT or
 * SIGTERM stops every worker gracefully (a second signal: at once);
 * SIGHUP is passed to every worker (each reads its TLS files again).
 */
import cluster, { type Worker } from 'node:cluster';
import { createServer } from 'node:net';

/** What the primary gives a worker (in its environment). */
export interface WorkerRole {
  /** 1..N */
  readonly index: number;
  readonly replica: string;
  readonly port: number;
}

export interface WorkersPlan {
  readonly count: number;
  /** The replicas' id; worker k is `<replica>-w<k>`. */
  readonly replica: string;
  readonly host: string;
  readonly port: number;
}

/** A worker's message to the primary once it listens. */
export interface WorkerListening {
  readonly rxconfWorker: 'listening';
  readonly url: string;
}

/** The primary's message that stops a worker gracefully. */
export const STOP_WORKER = 'rxconf-worker-stop';

/** This process's role when the primary of `--workers` started it, else undefined. */
export const workerRole = (): WorkerRole | undefined => {
  if (!cluster.isWorker) return undefined;
  const index = Number(process.env['RXCONF_WORKER']);
  const replica = process.env['RXCONF_WORKER_REPLICA'];
  const port = Number(process.env['RXCONF_WORKER_PORT']);
  return Number.isInteger(index) && replica !== undefined && Number.isInteger(port) ? { index, replica, port } : undefined;
};

/** A free port on `host`, so that every worker asks for the same one (a port 0 of its own would differ under SO_REUSEPORT). */
const freePort = (host: string): Promise<number> => new Promise((resolve, reject) => {
  const s = createServer();
  s.once('error', reject);
  s.listen({ host, port: 0, exclusive: true }, () => {
    const { port } = s.address() as { port: number };
    s.close(() => resolve(port));
  });
});

const YOUNG_MS = 10_000;

export const superviseWorkers = async (plan: WorkersPlan): Promise<number> => {
  const port = plan.port === 0 ? await freePort(plan.host) : plan.port;
  const running = new Map<number, Worker>();
  const listening = new Set<number>();
  const failures = new Map<number, number>();
  let announced = false;
  let stopping = false;
  let exitCode = 0;
  let finished: (code: number) => void = () => undefined;
  const done = new Promise<number>((resolve) => (finished = resolve));

  const stopAll = (code: number): void => {
    if (stopping) return;
    stopping = true;
    exitCode = code;
    for (const w of running.values()) if (w.isConnected()) w.send(STOP_WORKER);
    if (running.size === 0) finished(exitCode);
  };

  const fork = (k: number): void => {
    const startedAt = Date.now();
    const w = cluster.fork({ RXCONF_WORKER: String(k), RXCONF_WORKER_REPLICA: `${plan.replica}-w${k}`, RXCONF_WORKER_PORT: String(port) });
    running.set(k, w);
    w.on('message', (m: Partial<WorkerListening>) => {
      if (m?.rxconfWorker !== 'listening') return;
      listening.add(k);
      if (!announced && listening.size === plan.count) {
        announced = true;
        console.log(`listening on ${m.url as string}`);
      }
    });
    w.once('exit', (code, signal) => {
      running.delete(k);
      listening.delete(k);
      if (stopping) {
        if (running.size === 0) finished(exitCode);
        return;
      }
      if (!announced) {
        console.error(`rxconf serve: worker ${k} exited (${signal ?? `code ${code}`}) before every worker listened; stopping`);
        stopAll(1);
        return;
      }
      const young = Date.now() - startedAt < YOUNG_MS;
      const n = young ? (failures.get(k) ?? 0) + 1 : 1;
      failures.set(k, n);
      const delay = Math.min(10_000, 250 * 2 ** (n - 1));
      console.error(`rxconf serve: worker ${k} exited (${signal ?? `code ${code}`}); starting it again in ${delay} ms`);
      setTimeout(() => {
        if (!stopping) fork(k);
      }, delay);
    });
  };

  // SIGHUP (read the TLS files again) is each worker's to act on; the primary would otherwise die of it
  const reload = (): void => {
    // (a worker still starting reads the files as it starts)
    for (const [k, w] of running) if (listening.has(k)) w.process.kill('SIGHUP');
  };
  const stop = (): void => {
    process.off('SIGHUP', reload);
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    const now = (): void => {
      for (const w of running.values()) w.process.kill('SIGKILL');
      process.exit(130);
    };
    process.once('SIGINT', now);
    process.once('SIGTERM', now);
    stopAll(0);
  };
  process.on('SIGHUP', reload);
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  for (let k = 1; k <= plan.count; k++) fork(k);
  return done;
};
