/**
 * The SSE clients of the streams benchmark, run as a child process so that
 * 10,000 client sockets neither share the server's event loop nor its file
 * descriptor limit. Driven over IPC by `spawnSseClients` (sse-clients.ts):
 * it opens the sockets, counts event frames, and reports.
 */
import { serveCommands } from './ipc.ts';
import { openSseSockets, type SseSockets } from './sse-sockets.ts';

export type ClientCommand =
  | { readonly op: 'open'; readonly port: number; readonly path: string; readonly count: number; readonly headers?: readonly string[] }
  | { readonly op: 'wait'; readonly count: number; readonly timeoutMs: number }
  | { readonly op: 'arrivals' }
  | { readonly op: 'usage' }
  | { readonly op: 'close' };

export type ClientReply =
  | { readonly op: 'opened' }
  | { readonly op: 'reached'; readonly received: number; readonly last: number }
  | { readonly op: 'arrivals'; readonly arrivals: number[][] }
  | { readonly op: 'usage'; readonly cpuMs: number };

let sockets: SseSockets | undefined;

serveCommands<ClientCommand>(async (command): Promise<ClientReply | undefined> => {
  switch (command.op) {
    case 'open':
      sockets = await openSseSockets(command.port, command.path, command.count, 10, command.headers);
      return { op: 'opened' };
    case 'wait': {
      const deadline = performance.now() + command.timeoutMs;
      const received = () => sockets?.received() ?? 0;
      while (received() < command.count && performance.now() < deadline) await new Promise((r) => setTimeout(r, 1));
      return { op: 'reached', received: received(), last: sockets?.lastArrival() ?? 0 };
    }
    case 'usage': {
      const { user, system } = process.cpuUsage();
      return { op: 'usage', cpuMs: (user + system) / 1000 };
    }
    case 'arrivals':
      // Handed over and cleared, so that the next round's event i is at index i again.
      return { op: 'arrivals', arrivals: (sockets?.arrivals ?? []).map((times) => times.splice(0)) };
    case 'close':
      sockets?.close();
      process.disconnect();
      return undefined;
  }
});
