/**
 * `rxconf serve`: a thin command over createServer. Prints
 * `listening on http://HOST:PORT` when ready; on SIGTERM or SIGINT closes
 * gracefully (in-flight requests finish, event streams end, the datastore is
 * flushed) and exits 0. A second signal exits at once.
 */
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { parseArgs } from 'node:util';
import { createServer, type ServerOptions, type Transport } from '../server/create-server.ts';
import { ACCESS_FIELDS, type AccessField } from '../server/access-log.ts';
import { logSink, standardOutput } from '../server/log-sink.ts';
import { jsonLogger } from '../server/logger.ts';
import type { AuthOptions } from '../server/auth/authenticate.ts';
import type { CertToName } from '../server/auth/certificate-auth.ts';
import { callHomeFlag } from '../server/call-home/call-home-flag.ts';
import type { CallHomeClient } from '../server/call-home/call-home-options.ts';
import { STOP_WORKER, superviseWorkers, workerRole, type WorkerListening } from './serve-workers.ts';

const TRANSPORTS: readonly (Transport | 'auto')[] = ['auto', 'uws', 'http1', 'h2c'];

export const serveOptions = {
  path: { type: 'string', short: 'p', multiple: true, default: [] as string[] },
  features: { type: 'string', short: 'F', multiple: true, default: [] as string[] },
  module: { type: 'string', short: 'm', multiple: true, default: [] as string[] },
  data: { type: 'string' },
  host: { type: 'string' },
  port: { type: 'string' },
  app: { type: 'string' },
  transport: { type: 'string', default: 'auto' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  'tls-ca': { type: 'string' },
  'call-home': { type: 'string', multiple: true, default: [] as string[] },
  'call-home-period': { type: 'string' },
  'call-home-idle': { type: 'string' },
  'cors-origin': { type: 'string', multiple: true, default: [] as string[] },
  'allowed-host': { type: 'string', multiple: true, default: [] as string[] },
  'forwarded-by': { type: 'string', multiple: true, default: [] as string[] },
  users: { type: 'string' },
  jwks: { type: 'string' },
  'jwt-issuer': { type: 'string' },
  'jwt-audience': { type: 'string' },
  'trusted-proxy': { type: 'string', multiple: true, default: [] as string[] },
  'cert-user': { type: 'string', multiple: true, default: [] as string[] },
  anonymous: { type: 'boolean', default: false },
  'allow-unauthenticated': { type: 'boolean', default: false },
  nacm: { type: 'boolean', default: false },
  'recovery-user': { type: 'string' },
  'metrics-path': { type: 'string' },
  'metrics-module': { type: 'string', multiple: true, default: [] as string[] },
  explorer: { type: 'boolean', default: false },
  'url-credentials': { type: 'boolean', default: false },
  cluster: { type: 'string' },
  'cluster-stream': { type: 'string' },
  'cluster-replicas': { type: 'string' },
  'replica-id': { type: 'string' },
  'cluster-wait': { type: 'string' },
  workers: { type: 'string' },
  quiet: { type: 'boolean', short: 'q', default: false },
  'access-log': { type: 'string' },
  'access-log-fields': { type: 'string' },
  'log-memory': { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

const MAP_TYPES: Readonly<Record<string, CertToName['mapType']>> = {
  cn: 'common-name', 'san-dns': 'san-dns-name', 'san-email': 'san-rfc822-name', 'san-ip': 'san-ip-address', 'san-any': 'san-any',
};

/** `--cert-user FINGERPRINT=NAME`: NAME a user, or how to take it from the certificate. */
const certUser = (text: string): CertToName | string => {
  const eq = text.lastIndexOf('=');
  if (eq <= 0) return `--cert-user takes FINGERPRINT=NAME, not "${text}"`;
  const fingerprint = text.slice(0, eq);
  const name = text.slice(eq + 1);
  const mapType = MAP_TYPES[name];
  return mapType === undefined ? { fingerprint, mapType: 'specified', name } : { fingerprint, mapType };
};

type Values = ReturnType<typeof parseArgs<{ args: string[]; allowPositionals: true; strict: true; options: typeof serveOptions }>>['values'];

/** The authentication options the flags ask for, or undefined for none, or a usage problem. */
const authOf = (v: Values): AuthOptions | undefined | string => {
  const certs = v['cert-user'].map(certUser);
  const bad = certs.find((c): c is string => typeof c === 'string');
  if (bad !== undefined) return bad;
  if (certs.length > 0 && v['tls-ca'] === undefined) return '--cert-user needs --tls-ca (the CAs client certificates are checked against)';
  const auth: AuthOptions = {
    ...(v.users === undefined ? {} : { basic: { usersFile: v.users } }),
    ...(v.jwks === undefined ? {} : {
      bearer: {
        jwksFile: v.jwks,
        ...(v['jwt-issuer'] === undefined ? {} : { issuer: v['jwt-issuer'] }),
        ...(v['jwt-audience'] === undefined ? {} : { audience: v['jwt-audience'] }),
      },
    }),
    ...(v['trusted-proxy'].length === 0 ? {} : { proxy: { trusted: v['trusted-proxy'] } }),
    ...(certs.length === 0 ? {} : { certificates: { map: certs as CertToName[] } }),
    ...(v.anonymous ? { anonymous: true } : {}),
  };
  return Object.keys(auth).length === 0 ? undefined : auth;
};

const fail = (message: string): number => {
  console.error(`rxconf serve: ${message}`);
  return 2;
};

export const serveCommand = async (argv: readonly string[], usage = ''): Promise<number> => {
  const { values, positionals } = parseArgs({ args: [...argv], allowPositionals: true, strict: true, options: serveOptions });
  if (values.help) {
    console.log(usage);
    return 0;
  }
  const modules = [...values.module, ...positionals];
  if (modules.length === 0) return fail('give at least one --module');
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) return fail(`--port must be 0..65535, not "${values.port}"`);
  const transport = values.transport as Transport | 'auto';
  if (!TRANSPORTS.includes(transport)) return fail(`--transport must be one of ${TRANSPORTS.join(', ')}`);
  if ((values['tls-cert'] === undefined) !== (values['tls-key'] === undefined)) return fail('--tls-cert and --tls-key go together');
  if (values['tls-ca'] !== undefined && values['tls-cert'] === undefined) return fail('--tls-ca needs --tls-cert and --tls-key');
  const auth = authOf(values);
  if (typeof auth === 'string') return fail(auth);
  const callHome = values['call-home'].map((c) => callHomeFlag(c, values['call-home-period'], values['call-home-idle']));
  const badCallHome = callHome.find((c): c is string => typeof c === 'string');
  if (badCallHome !== undefined) return fail(badCallHome);
  if (callHome.length > 0 && values['tls-ca'] === undefined) return fail('--call-home needs --tls-cert, --tls-key and --tls-ca (the client must present a certificate)');
  const accessFields = values['access-log-fields']?.split(',').map((f) => f.trim()).filter((f) => f !== '');
  const badField = accessFields?.find((f) => !(ACCESS_FIELDS as readonly string[]).includes(f));
  if (badField !== undefined) return fail(`--access-log-fields: "${badField}" is not one of ${ACCESS_FIELDS.join(', ')}`);
  const accessFile = values['access-log'] === undefined || values['access-log'] === '-' ? undefined : values['access-log'];
  const logMemory = values['log-memory'] === undefined ? undefined : Number(values['log-memory']);
  if (logMemory !== undefined && !(Number.isInteger(logMemory) && logMemory >= 4096)) return fail(`--log-memory must be a number of bytes, 4096 or more, not "${values['log-memory']}"`);
  const clusterReplicas = values['cluster-replicas'] === undefined ? undefined : Number(values['cluster-replicas']);
  if (clusterReplicas !== undefined && ![1, 3, 5].includes(clusterReplicas)) return fail(`--cluster-replicas must be 1, 3 or 5, not "${values['cluster-replicas'] as string}"`);
  const clusterWait = values['cluster-wait'] === undefined ? undefined : Number(values['cluster-wait']);
  if (clusterWait !== undefined && !(clusterWait > 0 && clusterWait <= 3600)) return fail(`--cluster-wait must be a number of seconds (more than 0, at most 3600), not "${values['cluster-wait'] as string}"`);
  if (values.cluster === undefined && (values['cluster-stream'] ?? values['cluster-replicas'] ?? values['replica-id'] ?? values['cluster-wait']) !== undefined) return fail('--cluster-stream, --cluster-replicas, --replica-id and --cluster-wait need --cluster');
  const workers = values.workers === undefined ? undefined : Number(values.workers);
  if (workers !== undefined && !(Number.isInteger(workers) && workers >= 1 && workers <= 256)) return fail(`--workers must be a number of processes, 1 to 256, not "${values.workers as string}"`);
  if (workers !== undefined && values.cluster === undefined) return fail('--workers needs --cluster: the workers are replicas of one datastore held in NATS (one process without --cluster serves an embedded datastore)');
  if (values.cluster !== undefined && !values.cluster.split(',').every((u) => /^(nats|tls):\/\/[^/\s]+$/.test(u))) return fail(`--cluster takes nats://HOST:PORT[,nats://HOST:PORT...], not "${values.cluster}"`);
  // --workers: this process runs the workers (serve-workers.ts); a worker serves as replica <id>-w<k> on the port they share
  const worker = workers === undefined ? undefined : workerRole();
  // A worker is not stopped by a SIGHUP that comes before its reload handler (SIGHUP's default ends a process).
  const early = (): void => undefined;
  if (worker !== undefined) process.on('SIGHUP', early);
  if (workers !== undefined && worker === undefined) {
    return superviseWorkers({ count: workers, replica: values['replica-id'] ?? `${hostname()}-${randomUUID().slice(0, 8)}`, host: values.host ?? '127.0.0.1', port: port ?? 8080 });
  }
  const logger = jsonLogger(logMemory === undefined ? standardOutput() : logSink(1, { maxPendingBytes: logMemory, bufferBytes: Math.min(256 * 1024, logMemory / 4) }));
  const options: ServerOptions = {
    searchPath: values.path,
    modules,
    features: values.features,
    data: values.data ?? false,
    transport,
    logger,
    accessLog: values.quiet ? false : {
      ...(accessFile === undefined ? {} : { file: accessFile }),
      ...(accessFields === undefined ? {} : { fields: accessFields as AccessField[] }),
    },
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(worker !== undefined ? { port: worker.port } : port === undefined ? {} : { port }),
    ...(values.app === undefined ? {} : { app: values.app }),
    ...(values['tls-cert'] === undefined ? {} : {
      tls: {
        cert: readFileSync(values['tls-cert']),
        key: readFileSync(values['tls-key'] as string),
        ...(values['tls-ca'] === undefined ? {} : { ca: readFileSync(values['tls-ca']) }),
      },
    }),
    ...(auth === undefined ? {} : { auth }),
    ...(callHome.length === 0 ? {} : { callHome: callHome as CallHomeClient[] }),
    ...(values.nacm ? { nacm: values['recovery-user'] === undefined ? true : { recoveryUser: values['recovery-user'] } } : {}),
    ...(values['allowed-host'].length === 0 ? {} : { allowedHosts: values['allowed-host'] }),
    ...(values['forwarded-by'].length === 0 ? {} : { forwardedBy: values['forwarded-by'] }),
    ...(values['cors-origin'].length === 0 ? {} : { cors: { origins: values['cors-origin'].includes('*') ? '*' as const : values['cors-origin'] } }),
    metrics: { ...(values['metrics-path'] === undefined ? {} : { path: values['metrics-path'] }), modules: values['metrics-module'] },
    ...(values.explorer ? { explorer: true } : {}),
    ...(values['allow-unauthenticated'] ? { allowUnauthenticated: true } : {}),
    ...(values['url-credentials'] ? { web: { urlCredentials: true } } : {}),
    ...(values.cluster === undefined ? {} : {
      cluster: {
        servers: values.cluster.split(','),
        ...(values['cluster-stream'] === undefined ? {} : { stream: values['cluster-stream'] }),
        ...(clusterReplicas === undefined ? {} : { replicas: clusterReplicas }),
        ...(worker !== undefined ? { replica: worker.replica, sharedPort: true } : values['replica-id'] === undefined ? {} : { replica: values['replica-id'] }),
        ...(clusterWait === undefined ? {} : { startTimeoutMs: Math.round(clusterWait * 1000) }),
      },
    }),
  };
  const server = createServer(options);
  const address = await server.listen().catch(async (e: unknown) => {
    // Exit 1 here, not through main: an application's own timers and subscriptions would keep Node running, listening on nothing.
    console.error(`rxconf serve: ${e instanceof Error ? e.message : String(e)}`);
    await server.close().catch(() => undefined);
    return process.exit(1);
  });
  if (worker === undefined) console.log(`listening on ${address.url}`);
  else process.send?.({ rxconfWorker: 'listening', url: address.url } satisfies WorkerListening);
  const tlsFiles = values['tls-cert'] === undefined ? undefined : { cert: values['tls-cert'], key: values['tls-key'] as string, ca: values['tls-ca'] };
  // SIGHUP: read the certificate, key and CAs again; new connections use them, open ones and their streams go on.
  const reload = (): void => {
    if (tlsFiles === undefined) return;
    try {
      server.setTls({ cert: readFileSync(tlsFiles.cert), key: readFileSync(tlsFiles.key), ...(tlsFiles.ca === undefined ? {} : { ca: readFileSync(tlsFiles.ca) }) });
      logger.info({ cert: tlsFiles.cert }, 'TLS certificate reloaded');
    } catch (e) {
      logger.error({ err: e }, 'TLS reload failed; the previous certificate stays in use');
    }
  };
  process.on('SIGHUP', reload);
  process.off('SIGHUP', early);
  await new Promise<void>((done) => {
    let stopping = false;
    const stop = (): void => {
      if (stopping) return; // a worker is told by its primary and by the signal to its process group: one stop
      stopping = true;
      process.off('SIGHUP', reload);
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      const now = (): void => process.exit(130);
      process.once('SIGINT', now);
      process.once('SIGTERM', now);
      void server.close().then(done, (e: unknown) => {
        console.error(`rxconf serve: closing failed: ${e instanceof Error ? e.message : String(e)}`);
        done();
      });
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
    if (worker !== undefined) process.on('message', (m) => m === STOP_WORKER && stop());
  });
  if (worker !== undefined) process.exit(0); // the channel to the primary would keep a worker running
  return 0;
};
