/**
 * Baselines for the HTTP benchmarks: uWebSockets.js used directly, no
 * adapter, no core. Whatever the adapters add is measured against these.
 */
import uWS, { type HttpResponse, type TemplatedApp, type us_listen_socket } from '@trufflesuite/uws-js-unofficial';
import { uwsNative } from '../../src/http/adapters/index.ts';

export interface RawServer {
  readonly port: number;
  close(): void;
}

/** A JSON document of exactly `bytes` bytes (at least 11). */
export const jsonOfSize = (bytes: number): string => {
  const frame = '{"data":""}';
  if (bytes < frame.length) throw new Error(`a JSON body needs at least ${frame.length} bytes`);
  return `{"data":"${'x'.repeat(bytes - frame.length)}"}`;
};

/** Answers any GET with the same JSON body of `bodyBytes` bytes. */
export const rawJsonServer = async (bodyBytes: number, host = '127.0.0.1', port = 0): Promise<RawServer> => {
  const body = jsonOfSize(bodyBytes);
  const app = nativeApp().get('/*', (res) => {
    res.writeStatus('200 OK').writeHeader('content-type', 'application/json').end(body);
  });
  return listening(app, host, port);
};

export interface RawSseServer extends RawServer {
  /** Writes `frame` to every connected client; says how many writes met backpressure (uWS buffers them). */
  broadcast(frame: string | Uint8Array): { readonly sockets: number; readonly backpressured: number };
  /** Queues `frame`; everything queued in this turn of the event loop goes to every client in one write each. */
  broadcastCoalesced(frame: string): void;
}

/** Holds every GET open as an event stream; `broadcast` writes the same bytes to all of them. */
export const rawSseServer = async (host = '127.0.0.1', port = 0): Promise<RawSseServer> => {
  const clients = new Set<HttpResponse>();
  const app = nativeApp().get('/*', (res) => {
    res.onAborted(() => clients.delete(res));
    res.writeStatus('200 OK').writeHeader('content-type', 'text/event-stream').writeHeader('cache-control', 'no-cache');
    // the client sees the head (sent with these first bytes) after this handler returns, so once it does, it is counted in
    res.write(':\n\n');
    clients.add(res);
  });
  const server = await listening(app, host, port);
  const writeAll = (frame: string | Uint8Array) => {
    let backpressured = 0;
    for (const res of clients) res.cork(() => { if (!res.write(frame)) backpressured += 1; });
    return { sockets: clients.size, backpressured };
  };
  let pending = '';
  const flush = () => {
    const frames = pending;
    pending = '';
    writeAll(frames);
  };
  return {
    port: server.port,
    broadcast: writeAll,
    broadcastCoalesced: (frame) => {
      if (pending === '') setImmediate(flush);
      pending += frame;
    },
    close: () => {
      for (const res of [...clients]) res.close();
      server.close();
    },
  };
};

const nativeApp = (): TemplatedApp => {
  if (!uwsNative) throw new Error('the raw uWS baselines need the native uWebSockets.js binary');
  return uWS.App();
};

/** uWS.js has app.close() (close every socket); its typings lack it. */
interface ClosableApp { close?: () => void }

const listening = (app: TemplatedApp, host: string, port: number): Promise<RawServer> =>
  new Promise((resolve, reject) => {
    app.listen(host, port, (socket: us_listen_socket | false) => {
      if (socket === false) {
        reject(new Error(`uWS could not listen on ${host}:${port}`));
        return;
      }
      resolve({
        port: uWS.us_socket_local_port(socket),
        close: () => {
          uWS.us_listen_socket_close(socket);
          (app as ClosableApp).close?.();
        },
      });
    });
  });
