import { connect, constants, type ClientHttp2Session, type IncomingHttpHeaders } from 'node:http2';
import type { Client, ClientRequestInit, ClientResponse } from './client.ts';

/** An HTTP/2 client on one session: h2c by prior knowledge, or TLS (ALPN h2) when `ca` is given. */
export const h2Client = async (port: number, ca?: string): Promise<Client> => {
  const session: ClientHttp2Session = ca === undefined
    ? connect(`http://127.0.0.1:${port}`)
    : connect(`https://127.0.0.1:${port}`, { ca });
  session.on('error', () => {});
  await new Promise<void>((resolve, reject) => {
    session.once('connect', () => resolve());
    session.once('error', reject);
  });
  return {
    request: (init: ClientRequestInit) =>
      new Promise<ClientResponse>((resolve, reject) => {
        const stream = session.request(
          { ':method': init.method ?? 'GET', ':path': init.path, ...(init.headers as Record<string, string | string[]>) },
          { endStream: init.body === undefined, ...(init.signal === undefined ? {} : { signal: init.signal }) },
        );
        stream.once('error', reject);
        stream.once('response', (headers: IncomingHttpHeaders) => {
          stream.on('error', () => {});
          resolve({
            status: Number(headers[':status']),
            headers,
            body: stream,
            cancel: () => stream.close(constants.NGHTTP2_CANCEL),
            connection: session,
          });
        });
        void (async () => {
          if (init.body === undefined) return;
          for (const chunk of init.body) {
            await new Promise<void>((done) => stream.write(chunk, () => done()));
            if (stream.destroyed) return;
            init.onWritten?.(Buffer.byteLength(chunk));
          }
          stream.end();
        })();
      }),
    close: () => new Promise((resolve) => session.close(() => resolve())),
  };
};
