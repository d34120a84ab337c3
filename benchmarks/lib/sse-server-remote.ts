/** A server of the streams benchmark in its own process (sse-server-process.ts), seen from the benchmark. */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ask, forkTs } from './ipc.ts';
import type { SentRound } from './send-round.ts';
import type { SendMode, ServerCommand, ServerKind, ServerReply } from './sse-server-process.ts';

export interface RemoteSseServer {
  readonly port: number;
  /** Where its event stream is. */
  readonly path: string;
  /** The process's heap after a collection, and its resident set, in bytes. */
  memory(): Promise<{ readonly heap: number; readonly rss: number }>;
  /** CPU time (user + system) and event-loop time (active, idle) of the process so far, in ms. */
  usage(): Promise<{ readonly cpuMs: number; readonly activeMs: number; readonly idleMs: number }>;
  /**
   * One round of `events`, sent the given way; with the server's event-loop
   * time from the first event to the end of the last burst's turn (ms), and
   * how much of it the loop spent waiting (idle).
   */
  round(events: number, mode: SendMode): Promise<SentRound & { readonly sendMs: number; readonly sendIdleMs: number }>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./sse-server-process.ts', import.meta.url));

/**
 * `options`: more startServer options for the rxconf server (JSON-serializable).
 * With SSE_PROF=<dir> in the environment, each server writes a CPU profile there when it exits.
 */
export const spawnSseServer = async (kind: ServerKind, options?: Record<string, unknown>): Promise<RemoteSseServer> => {
  const profile = process.env['SSE_PROF'];
  const flags = ['--expose-gc', ...(profile === undefined ? [] : ['--cpu-prof', `--cpu-prof-dir=${profile}`])];
  const child = forkTs(script, flags, options === undefined ? [kind] : [kind, JSON.stringify(options)]);
  const [listening] = (await once(child, 'message')) as [Extract<ServerReply, { op: 'listening' }>];
  const command = (c: ServerCommand) => c;
  return {
    port: listening.port,
    path: listening.path,
    memory: () => ask<ServerReply, 'memory'>(child, command({ op: 'memory' }), 'memory'),
    usage: () => ask<ServerReply, 'usage'>(child, command({ op: 'usage' }), 'usage'),
    round: (events, mode) => ask<ServerReply, 'sent'>(child, command({ op: 'round', events, mode }), 'sent'),
    close: async () => {
      const exited = once(child, 'exit');
      child.send(command({ op: 'close' }));
      await exited;
    },
  };
};
