/**
 * `startServer`: createServer and listen in one call, for the repository's
 * own tests and benchmarks (the public API is `createServer`).
 */
import type { Device } from '../actors/device.ts';
import type { Datastore } from '../actors/nodes/datastore.ts';
import { createServer, type RxconfServer, type ServerOptions, type Transport } from './create-server.ts';
import { jsonLogger } from './logger.ts';

export type { Transport } from './create-server.ts';

export interface ServeOptions extends Omit<ServerOptions, 'data' | 'logger' | 'searchPath'> {
  readonly searchPath: readonly string[];
  /** Datastore file: loaded when it exists, every committed edit made durable. */
  readonly dataFile?: string;
  /** Where log lines go (JSON); default standard error. */
  readonly log?: (line: string) => void;
  readonly transport?: Transport;
}

export interface RunningServer {
  readonly url: string;
  readonly port: number;
  readonly device: Device;
  readonly datastore: Datastore;
  readonly native: boolean;
  readonly server: RxconfServer;
  close(): Promise<void>;
}

export const startServer = async (o: ServeOptions): Promise<RunningServer> => {
  const { dataFile, log, ...rest } = o;
  const write = log ?? ((l: string) => process.stderr.write(`${l}\n`));
  const server = createServer({
    ...rest,
    data: dataFile ?? false,
    accessLog: false,
    logger: jsonLogger((text) => { for (const l of text.split('\n')) if (l !== '') write(l); }),
  });
  const address = await server.listen();
  return {
    url: address.url,
    port: address.port,
    device: server.device,
    datastore: server.datastore,
    native: address.transport === 'uws',
    server,
    close: () => server.close(),
  };
};
