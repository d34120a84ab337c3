/**
 * SSE subscribers in a child process (sse-client-process.ts): the server
 * under measure keeps its event loop and its file descriptors to itself.
 */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ask, forkTs } from './ipc.ts';
import type { ClientCommand, ClientReply } from './sse-client-process.ts';

export interface RemoteSseClients {
  /** Settles once `count` events arrived over all sockets, or `timeoutMs` passed: how many, and when the last came (epoch ms). */
  waitFor(count: number, timeoutMs: number): Promise<{ readonly received: number; readonly last: number }>;
  /** Arrival times (epoch ms) of each event on the sampled sockets since the last call; clears them. */
  arrivals(): Promise<number[][]>;
  /** CPU time (user + system) of the clients' process so far, in ms. */
  usage(): Promise<{ readonly cpuMs: number }>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./sse-client-process.ts', import.meta.url));

/** Opens `count` SSE streams on 127.0.0.1:`port``path` from a new child process. */
export const spawnSseClients = async (port: number, path: string, count: number, headers?: readonly string[]): Promise<RemoteSseClients> => {
  const child = forkTs(script);
  const command = (c: ClientCommand) => c;
  await ask<ClientReply, 'opened'>(child, command({ op: 'open', port, path, count, ...(headers === undefined ? {} : { headers }) }), 'opened');
  return {
    waitFor: (count, timeoutMs) => ask<ClientReply, 'reached'>(child, command({ op: 'wait', count, timeoutMs }), 'reached'),
    arrivals: async () => (await ask<ClientReply, 'arrivals'>(child, command({ op: 'arrivals' }), 'arrivals')).arrivals,
    usage: () => ask<ClientReply, 'usage'>(child, command({ op: 'usage' }), 'usage'),
    close: async () => {
      const exited = once(child, 'exit');
      child.send(command({ op: 'close' }));
      await exited;
    },
  };
};
