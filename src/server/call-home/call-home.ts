/**
 * RESTCONF Call Home (RFC 8071) for a server: per configured client, a
 * link that connects out, then acts as the TLS server on that connection
 * (a client certificate signed by the configured CAs is required) and
 * serves the same request pipeline as the listening transport, HTTP/2 or
 * HTTP/1.1 by ALPN.
 */
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { answerClientError } from '../../http/adapters/client-errors.ts';
import type { ExchangeSettings } from '../../http/adapters/adapter-options.ts';
import { nodeRequestListener, type TlsFiles } from '../../http/adapters/node-adapter.ts';
import type { Handler } from '../../http/exchange.ts';
import type { Logger } from '../logger.ts';
import { CallHomeLink, type LinkState, type TlsAcceptor } from './call-home-link.ts';
import { callHomePlan, type CallHomeClient } from './call-home-options.ts';

export interface CallHome {
  /** Each client's state and completed connections. */
  status(): readonly { readonly name: string; readonly state: LinkState; readonly sessions: number }[];
  /** New certificate, key and CAs for the next connections. */
  setTls(tls: TlsFiles): void;
  /** Stops reconnecting and closes the connections. */
  close(): void;
}

const pem = (v: string | Uint8Array): string | Buffer => (typeof v === 'string' ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength));

const secureContext = (tls: TlsFiles) => {
  if (tls.ca === undefined) throw new Error('call home needs TLS with `ca`: the clients\' certificates are checked against it');
  return { key: pem(tls.key), cert: pem(tls.cert), ca: pem(tls.ca), requestCert: true, rejectUnauthorized: true };
};

export const startCallHome = (
  handler: Handler, clients: readonly CallHomeClient[], tls: TlsFiles, settings: ExchangeSettings, logger: Logger,
): CallHome => {
  const listener = nodeRequestListener(handler, settings, true);
  const context = secureContext(tls);
  const links = clients.map((c) => {
    const server: Http2SecureServer = createSecureServer({ ...context, allowHTTP1: true }, listener);
    server.on('clientError', answerClientError);
    const link = new CallHomeLink(callHomePlan(c), server as unknown as TlsAcceptor, logger);
    return { link, server };
  });
  for (const { link } of links) link.start();
  return {
    status: () => links.map(({ link }) => ({ name: link.plan.name, state: link.state, sessions: link.sessions })),
    setTls: (next) => {
      const ctx = secureContext(next);
      for (const { server } of links) server.setSecureContext(ctx);
    },
    close: () => {
      for (const { link } of links) link.stop();
    },
  };
};
