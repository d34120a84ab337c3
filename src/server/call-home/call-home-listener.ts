/**
 * The client side of RESTCONF Call Home (RFC 8071), for tests and users:
 * listen (port 4336 by default), accept the connection a server opens, act
 * as the TLS client on it (the server's certificate checked against `ca`,
 * our own certificate presented) and send RESTCONF requests over HTTP/2.
 */
import { connect as connectH2, type ClientHttp2Session, type IncomingHttpHeaders, type OutgoingHttpHeaders } from 'node:http2';
import { createServer, type Server, type Socket } from 'node:net';
import { checkServerIdentity, connect as connectTls, type TLSSocket } from 'node:tls';
import { CALL_HOME_PORT } from './call-home-options.ts';

export interface CallHomeListenerOptions {
  readonly host?: string;
  readonly port?: number;
  /** Our certificate and key (PEM), and the CAs the server's certificate is checked against. */
  readonly key: string | Buffer;
  readonly cert: string | Buffer;
  readonly ca: string | Buffer;
  /** The name the server's certificate must carry; by default any certificate signed by `ca` is accepted. */
  readonly serverName?: string;
}

export interface CallHomeAnswer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

export interface CallHomeSession {
  /** The HTTP/2 session over the server's connection (for streams and anything else). */
  readonly session: ClientHttp2Session;
  readonly remoteAddress: string | undefined;
  request(path: string, init?: { readonly method?: string; readonly headers?: OutgoingHttpHeaders; readonly body?: string }): Promise<CallHomeAnswer>;
  /** Resolves when the connection ends (either side). */
  readonly closed: Promise<void>;
  close(): void;
}

export interface CallHomeListener {
  readonly port: number;
  /** The next server connection that completed TLS (one waiting already, or the next to come). */
  next(): Promise<CallHomeSession>;
  /** Stops listening and closes the sessions. */
  close(): Promise<void>;
}

const session = (tls: TLSSocket): CallHomeSession => {
  const h2 = connectH2('https://localhost', { createConnection: () => tls });
  h2.on('error', () => undefined); // the connection ending is told through `closed`
  const closed = new Promise<void>((resolve) => h2.once('close', () => resolve()));
  return {
    session: h2,
    remoteAddress: tls.remoteAddress,
    closed,
    close: () => h2.destroy(),
    request: (path, init = {}) => new Promise((resolve, reject) => {
      const stream = h2.request({ ':method': init.method ?? 'GET', ':path': path, ...init.headers }, { endStream: init.body === undefined });
      let headers: IncomingHttpHeaders = {};
      let body = '';
      stream.setEncoding('utf8');
      stream.on('response', (h) => { headers = h; });
      stream.on('data', (chunk: string) => { body += chunk; });
      stream.on('end', () => resolve({ status: Number(headers[':status']), headers, body }));
      stream.on('error', reject);
      if (init.body !== undefined) stream.end(init.body);
    }),
  };
};

export const listenCallHome = async (o: CallHomeListenerOptions): Promise<CallHomeListener> => {
  const ready: CallHomeSession[] = [];
  const waiting: ((s: CallHomeSession) => void)[] = [];
  const open = new Set<Socket>();
  const server: Server = createServer((socket) => {
    open.add(socket);
    socket.once('close', () => open.delete(socket));
    socket.on('error', () => undefined);
    const tls = connectTls({
      socket, key: o.key, cert: o.cert, ca: o.ca, ALPNProtocols: ['h2'],
      ...(o.serverName === undefined ? { checkServerIdentity: () => undefined } : { servername: o.serverName, checkServerIdentity }),
    });
    tls.on('error', () => socket.destroy());
    tls.once('secureConnect', () => {
      const s = session(tls);
      const w = waiting.shift();
      if (w === undefined) ready.push(s);
      else w(s);
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: o.host ?? '127.0.0.1', port: o.port ?? CALL_HOME_PORT }, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : o.port ?? CALL_HOME_PORT,
    next: () => {
      const s = ready.shift();
      return s === undefined ? new Promise((resolve) => waiting.push(resolve)) : Promise.resolve(s);
    },
    close: () => new Promise((resolve) => {
      server.close(() => resolve());
      for (const socket of open) socket.destroy();
    }),
  };
};
