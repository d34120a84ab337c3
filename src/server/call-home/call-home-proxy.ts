/**
 * A local plain-HTTP door to the server that called home: each request to
 * it is sent over the current call-home session (HTTP/2 over the server's
 * TLS connection) and its answer streamed back as it comes (event streams
 * included). With no session yet, or after it ended, 503.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { OutgoingHttpHeaders } from 'node:http2';
import type { CallHomeSession } from './call-home-listener.ts';

/** Headers HTTP/2 does not carry (RFC 9113 §8.2.2), and the local Host. */
const HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'host', 'te']);

const forward = (session: CallHomeSession, req: IncomingMessage, res: ServerResponse): void => {
  const headers: OutgoingHttpHeaders = { ':method': req.method ?? 'GET', ':path': req.url ?? '/' };
  for (const [name, value] of Object.entries(req.headers)) if (!HOP.has(name) && value !== undefined) headers[name] = value;
  const stream = session.session.request(headers);
  stream.on('response', (h) => {
    const out: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(h)) if (!name.startsWith(':') && value !== undefined) out[name] = value as string | string[];
    res.writeHead(Number(h[':status']), out);
    res.flushHeaders();
  });
  stream.on('data', (chunk: Buffer) => res.write(chunk));
  stream.on('end', () => res.end());
  stream.on('error', () => (res.headersSent ? res.destroy() : res.writeHead(502).end()));
  res.on('close', () => stream.close());
  req.pipe(stream);
};

export interface CallHomeProxy {
  readonly port: number;
  close(): Promise<void>;
}

/** Serves 127.0.0.1:`port` (0: any free port) in front of `current()`. */
export const callHomeProxy = async (port: number, current: () => CallHomeSession | undefined): Promise<CallHomeProxy> => {
  const server: Server = createServer((req, res) => {
    const s = current();
    if (s === undefined || s.session.closed || s.session.destroyed) {
      res.writeHead(503, { 'content-type': 'text/plain' }).end('no server has called home yet (or its connection ended)\n');
      return;
    }
    forward(s, req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port }, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : port,
    close: () => new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
};
