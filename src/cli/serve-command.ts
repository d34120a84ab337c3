/**
 * `rxconf serve`: serves modules on the embedded datastore and prints
 * `listening on http://HOST:PORT` when ready. Stops on SIGINT/SIGTERM.
 */
import { parseArgs } from 'node:util';
import { startServer, type Transport } from '../server/start-server.ts';

const TRANSPORTS: readonly Transport[] = ['uws', 'http1', 'h2c'];

export const serveCommand = async (argv: readonly string[]): Promise<number> => {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    options: {
      path: { type: 'string', short: 'p', multiple: true, default: [] as string[] },
      features: { type: 'string', short: 'F', multiple: true, default: [] as string[] },
      module: { type: 'string', short: 'm', multiple: true, default: [] as string[] },
      data: { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      app: { type: 'string' },
      transport: { type: 'string', default: 'uws' },
    },
  });
  const modules = [...values.module, ...positionals];
  if (modules.length === 0) {
    console.error('rxconf serve: give at least one --module');
    return 2;
  }
  const port = values.port === undefined ? undefined : Number(values.port);
  if (port !== undefined && (!Number.isInteger(port) || port < 0 || port > 65535)) {
    console.error(`rxconf serve: --port must be 0..65535, not "${values.port}"`);
    return 2;
  }
  const transport = values.transport as Transport;
  if (!TRANSPORTS.includes(transport)) {
    console.error(`rxconf serve: --transport must be one of ${TRANSPORTS.join(', ')}`);
    return 2;
  }
  const server = await startServer({
    searchPath: values.path,
    modules,
    features: values.features,
    ...(values.data === undefined ? {} : { dataFile: values.data }),
    ...(values.host === undefined ? {} : { host: values.host }),
    ...(port === undefined ? {} : { port }),
    ...(values.app === undefined ? {} : { app: values.app }),
    transport,
  });
  if (transport === 'uws' && !server.native) console.error('rxconf: the uWebSockets.js binary could not load; serving with node:http instead (slower)');
  console.log(`listening on ${server.url}`);
  await new Promise<void>((done) => {
    const stop = (): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      void server.close().then(done, done);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });
  return 0;
};
