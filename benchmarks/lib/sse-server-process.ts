/**
 * A server under measure in the streams benchmark, in a child process of its
 * own: `rxconf` (the bench-streams app over uWS) or `raw` (uWebSockets.js
 * used directly). Each holds only its own sockets, under the machine's limit
 * of 20,000 descriptors per process, and neither shares an event loop with
 * the benchmark or the clients. Driven by sse-server-remote.ts.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ticks } from '../fixtures/bench-stream-app.ts';
import { serveCommands } from './ipc.ts';
import { rawSseServer } from './raw-uws.ts';
import { sendRound, tickEvent, tickFrame } from './send-round.ts';

export type ServerKind = 'rxconf' | 'raw';
/** rxconf: events into the app's notification source; raw: frames written per event, or coalesced per event-loop turn. */
export type SendMode = 'notify' | 'per-event' | 'coalesced';

export type ServerCommand =
  | { readonly op: 'memory' }
  | { readonly op: 'usage' }
  | { readonly op: 'round'; readonly events: number; readonly mode: SendMode }
  | { readonly op: 'close' };

export type ServerReply =
  | { readonly op: 'listening'; readonly port: number; readonly path: string }
  | { readonly op: 'memory'; readonly heap: number; readonly rss: number }
  | { readonly op: 'usage'; readonly cpuMs: number; readonly activeMs: number; readonly idleMs: number }
  | { readonly op: 'sent'; readonly started: number; readonly sentAt: number[]; readonly sendMs: number; readonly sendIdleMs: number };

interface Served {
  readonly port: number;
  readonly path: string;
  readonly send: (mode: SendMode) => (seq: number) => void;
  close(): Promise<void>;
}

const fixtures = join(fileURLToPath(new URL('.', import.meta.url)), '..', 'fixtures');

/**
 * rxconf as users run it: the built package (dist/, what `npm start` and an
 * installed rxconf run) when it is there, else the sources through tsx (a
 * loader that wraps closures made per event, not what users run).
 */
const built = new URL('../../dist/server/start-server.js', import.meta.url);
const { startServer } = (existsSync(built) ? await import(built.href) : await import('../../src/server/start-server.ts')) as typeof import('../../src/server/start-server.ts');

/** More startServer options, as JSON in the third argument (the security benchmark: auth, nacm, dataFile). */
const extra = JSON.parse(process.argv[3] ?? '{}') as Record<string, unknown>;

const rxconf = async (): Promise<Served> => {
  const server = await startServer({
    searchPath: [fixtures], modules: ['bench-streams'], app: join(fixtures, 'bench-stream-app.ts'),
    host: '127.0.0.1', port: 0, log: () => undefined, ...extra,
  });
  return { port: server.port, path: '/restconf/data/bench-streams:tick', send: () => (seq) => ticks.next(tickEvent(seq)), close: () => server.close() };
};

const raw = async (): Promise<Served> => {
  const server = await rawSseServer();
  return {
    port: server.port,
    path: '/',
    send: (mode) => (mode === 'coalesced' ? (seq) => server.broadcastCoalesced(tickFrame(seq)) : (seq) => void server.broadcast(tickFrame(seq))),
    close: async () => server.close(),
  };
};

const served = await (process.argv[2] === 'raw' ? raw() : rxconf());

serveCommands<ServerCommand>(async (command): Promise<ServerReply | undefined> => {
  switch (command.op) {
    case 'memory': {
      (globalThis as { gc?: () => void }).gc?.();
      const { heapUsed, rss } = process.memoryUsage();
      return { op: 'memory', heap: heapUsed, rss };
    }
    case 'usage': {
      const { user, system } = process.cpuUsage();
      const { active, idle } = performance.eventLoopUtilization();
      return { op: 'usage', cpuMs: (user + system) / 1000, activeMs: active, idleMs: idle };
    }
    case 'round': {
      const before = performance.eventLoopUtilization();
      const { started, sentAt } = await sendRound(served.send(command.mode), command.events);
      const during = performance.eventLoopUtilization(before);
      return { op: 'sent', started, sentAt, sendMs: during.idle + during.active, sendIdleMs: during.idle };
    }
    case 'close':
      await served.close();
      process.disconnect();
      return undefined;
  }
});

process.send?.({ op: 'listening', port: served.port, path: served.path } satisfies ServerReply);
