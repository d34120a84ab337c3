/**
 * The raw uWS SSE baseline of the streams benchmark, in a child process of
 * its own (like the clients): the rxconf server under measure keeps its
 * file descriptors, and both servers stand on the same footing. Driven by
 * raw-sse-remote.ts.
 */
import { serveCommands } from './ipc.ts';
import { rawSseServer } from './raw-uws.ts';
import { sendRound, tickFrame } from './send-round.ts';

export type RawCommand =
  | { readonly op: 'wait-clients'; readonly count: number }
  | { readonly op: 'heap' }
  | { readonly op: 'round'; readonly events: number; readonly coalesced: boolean }
  | { readonly op: 'close' };

export type RawReply =
  | { readonly op: 'listening'; readonly port: number }
  | { readonly op: 'clients' }
  | { readonly op: 'heap'; readonly bytes: number; readonly rss: number }
  | { readonly op: 'sent'; readonly started: number; readonly sentAt: number[] };

const server = await rawSseServer();

serveCommands<RawCommand>(async (command): Promise<RawReply | undefined> => {
  switch (command.op) {
    case 'wait-clients':
      await server.waitForClients(command.count);
      return { op: 'clients' };
    case 'heap':
      (globalThis as { gc?: () => void }).gc?.();
      return { op: 'heap', bytes: process.memoryUsage().heapUsed, rss: process.memoryUsage().rss };
    case 'round': {
      const send = command.coalesced
        ? (seq: number) => server.broadcastCoalesced(tickFrame(seq))
        : (seq: number) => void server.broadcast(tickFrame(seq));
      const { started, sentAt } = await sendRound(send, command.events);
      return { op: 'sent', started, sentAt };
    }
    case 'close':
      server.close();
      process.disconnect();
      return undefined;
  }
});

process.send?.({ op: 'listening', port: server.port } satisfies RawReply);
