/**
 * RESTCONF Call Home (RFC 8071) for a server: per configured client, a
 * link that connects out, then acts as the TLS server on that connection
 * (a client certificate signed by the configured CAs is required) and
 * serves the same request pipeline as the listening transport, HTTP/2 or
 * HTTP/1.1 by ALPN. The clients can change while it runs (`update`, from
 * the rxconf-server configuration when an edit is committed).
 */
import { createSecureServer, type Http2SecureServer } from 'node:http2';
import { answerClientError } from '../../http/adapters/client-errors.ts';
import type { ExchangeSettings } from '../../http/adapters/adapter-options.ts';
import { nodeRequestListener, type TlsFiles } from '../../http/adapters/node-adapter.ts';
import type { Handler } from '../../http/exchange.ts';
import type { Logger } from '../logger.ts';
import { CallHomeLink, type LinkState, type TlsAcceptor } from './call-home-link.ts';
import { callHomePlan, type CallHomeClient, type CallHomePlan } from './call-home-options.ts';

/** One client's link: its state and the connections that completed their TLS handshake. */
export interface CallHomeStatus {
  readonly name: string;
  readonly state: LinkState;
  readonly sessions: number;
}

export interface CallHome {
  /** Each client's state and completed connections. */
  status(): readonly CallHomeStatus[];
  /** The clients now (by name): a new one is called, a removed one's connection closed, a changed one's restarted. */
  update(clients: readonly CallHomeClient[]): void;
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

interface Running {
  readonly link: CallHomeLink;
  readonly server: Http2SecureServer;
  /** The plan it runs, to tell a changed client. */
  readonly plan: string;
}

export const startCallHome = (
  handler: Handler, clients: readonly CallHomeClient[], tls: TlsFiles, settings: ExchangeSettings, logger: Logger,
): CallHome => {
  const listener = nodeRequestListener(handler, settings, true);
  let context = secureContext(tls);
  const links = new Map<string, Running>();
  let closed = false;
  const call = (plan: CallHomePlan): void => {
    const server: Http2SecureServer = createSecureServer({ ...context, allowHTTP1: true }, listener);
    server.on('clientError', answerClientError);
    const link = new CallHomeLink(plan, server as unknown as TlsAcceptor, logger);
    links.set(plan.name, { link, server, plan: JSON.stringify(plan) });
    link.start();
  };
  const update = (next: readonly CallHomeClient[]): void => {
    if (closed) return;
    const plans = next.map(callHomePlan);
    const wanted = new Map(plans.map((p) => [p.name, JSON.stringify(p)]));
    for (const [name, running] of links) {
      if (wanted.get(name) === running.plan) continue;
      running.link.stop();
      links.delete(name);
      logger.info({ callHome: name }, wanted.has(name) ? 'call home client changed' : 'call home client removed');
    }
    for (const plan of plans) if (!links.has(plan.name)) call(plan);
  };
  update(clients);
  return {
    status: () => [...links.values()].map(({ link }) => ({ name: link.plan.name, state: link.state, sessions: link.sessions })),
    update,
    setTls: (next) => {
      context = secureContext(next);
      for (const { server } of links.values()) server.setSecureContext(context);
    },
    close: () => {
      closed = true;
      for (const { link } of links.values()) link.stop();
      links.clear();
    },
  };
};
