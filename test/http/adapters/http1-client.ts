import { Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Client, ClientRequestInit, ClientResponse } from './client.ts';

/**
 * An HTTP/1.1 client on one keep-alive connection at a time (maxSockets 1),
 * over TLS when `ca` is given (no ALPN offered, so the server picks HTTP/1.1).
 */
export const http1Client = (port: number, ca?: string): Client => {
  const agent = ca === undefined
    ? new HttpAgent({ keepAlive: true, maxSockets: 1 })
    : new HttpsAgent({ keepAlive: true, maxSockets: 1, ca });
  const send = ca === undefined ? httpRequest : httpsRequest;
  return {
    request: (init: ClientRequestInit) =>
      new Promise<ClientResponse>((resolve, reject) => {
        const req = send({
          host: '127.0.0.1',
          port,
          method: init.method ?? 'GET',
          path: init.path,
          headers: init.headers as Record<string, string | string[]>,
          agent,
          ...(init.signal === undefined ? {} : { signal: init.signal }),
        });
        req.on('error', reject);
        req.on('response', (res: IncomingMessage) => {
          res.on('error', () => {});
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: res,
            cancel: () => {
              req.destroy();
              res.destroy();
            },
            connection: res.socket,
          });
        });
        void writeBody(req, init);
      }),
    close: async () => agent.destroy(),
  };
};

const writeBody = async (
  req: { write(chunk: string | Uint8Array, done: (error?: Error | null) => void): boolean; end(): void; destroyed: boolean },
  init: ClientRequestInit,
): Promise<void> => {
  for (const chunk of init.body ?? []) {
    await new Promise<void>((resolve) => req.write(chunk, () => resolve()));
    if (req.destroyed) return;
    init.onWritten?.(Buffer.byteLength(chunk));
  }
  req.end();
};
