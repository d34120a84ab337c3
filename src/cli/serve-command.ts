/**
 * `rxconf serve`: a thin command over createServer. Prints
 * `listening on http://HOST:PORT` when ready; on SIGTERM or SIGINT closes
 * gracefully (in-flight requests finish, event streams end, the datastore is
 * flushed) and exits 0. A second signal exits at once.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { createServer, type ServerOptions, type Transport } from '../server/create-server.ts';
import { jsonLogger } from '../server/logger.ts';

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
  'cors-origin': { type: 'string', multiple: true, default: [] as string[] },
  'metrics-path': { type: 'string' },
  'metrics-module': { type: 'string', multiple: true, default: [] as string[] },
  quiet: { type: 'boolean', short: 'q', default: false },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

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
  const logger = jsonLogger();
  const options: ServerOptions = {
    searchPath: values.path,
    modules,
    features: values.features,
    data: values.data ?? false,
    transport,
    logger,
    accessLog: !values.quiet,
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(port === undefined ? {} : { port }),
    ...(values.app === undefined ? {} : { app: values.app }),
    ...(values['tls-cert'] === undefined ? {} : { tls: { cert: readFileSync(values['tls-cert']), key: readFileSync(values['tls-key'] as string) } }),
    ...(values['cors-origin'].length === 0 ? {} : { cors: { origins: values['cors-origin'].includes('*') ? '*' as const : values['cors-origin'] } }),
    metrics: { ...(values['metrics-path'] === undefined ? {} : { path: values['metrics-path'] }), modules: values['metrics-module'] },
  };
  const server = createServer(options);
  const address = await server.listen();
  console.log(`listening on ${address.url}`);
  await new Promise<void>((done) => {
    const stop = (): void => {
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
  });
  return 0;
};
