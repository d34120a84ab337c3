/** The raw uWS SSE baseline in its own process (raw-sse-process.ts), seen from the benchmark. */
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { ask, forkTs } from './ipc.ts';
import type { RawCommand, RawReply } from './raw-sse-process.ts';
import type { SentRound } from './send-round.ts';

export interface RemoteRawSse {
  readonly port: number;
  /** Settles once at least `count` clients are connected. */
  waitForClients(count: number): Promise<void>;
  /** The process's heap after a collection, and its resident set, in bytes. */
  memory(): Promise<{ readonly heap: number; readonly rss: number }>;
  /** One round of `events`, written per event or coalesced per event-loop turn. */
  round(events: number, coalesced: boolean): Promise<SentRound>;
  close(): Promise<void>;
}

const script = fileURLToPath(new URL('./raw-sse-process.ts', import.meta.url));

export const spawnRawSse = async (): Promise<RemoteRawSse> => {
  const child = forkTs(script, ['--expose-gc']);
  const [listening] = (await once(child, 'message')) as [Extract<RawReply, { op: 'listening' }>];
  const command = (c: RawCommand) => c;
  return {
    port: listening.port,
    waitForClients: async (count) => void (await ask<RawReply, 'clients'>(child, command({ op: 'wait-clients', count }), 'clients')),
    memory: async () => {
      const { bytes, rss } = await ask<RawReply, 'heap'>(child, command({ op: 'heap' }), 'heap');
      return { heap: bytes, rss };
    },
    round: (events, coalesced) => ask<RawReply, 'sent'>(child, command({ op: 'round', events, coalesced }), 'sent'),
    close: async () => {
      const exited = once(child, 'exit');
      child.send(command({ op: 'close' }));
      await exited;
    },
  };
};
