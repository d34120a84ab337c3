/**
 * The server the hostile-load tests attack: createServer in this process
 * (so its timers and stream counters can be read), serving the hl-load
 * fixture on one transport, with a logger that keeps every line.
 */
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../../src/server/create-server.ts';
import type { Logger } from '../../../src/server/logger.ts';
import type { ServerLimits } from '../../../src/server/server-settings.ts';
import { uwsNative } from '../../../src/http/adapters/index.ts';

export const yang = join(import.meta.dirname, '..', '..', 'fixtures', 'yang', 'hostile');

/** The transports every hostile test runs on. */
export const TRANSPORTS = ['uws', 'http1'] as const;
export type HostileTransport = (typeof TRANSPORTS)[number];

export interface LogLine {
  readonly level: 'info' | 'warn' | 'error' | 'debug';
  readonly message: string | undefined;
  readonly fields: Record<string, unknown>;
}

export interface Hostile {
  readonly server: RxconfServer;
  readonly url: string;
  readonly port: number;
  readonly transport: string;
  readonly log: LogLine[];
  readonly alarms: Subject<{ text: string }>;
  close(): Promise<void>;
}

const recorder = (log: LogLine[]): Logger => {
  const at = (level: LogLine['level']) => (a: Record<string, unknown> | string, b?: string): void => {
    log.push(typeof a === 'string' ? { level, message: a, fields: {} } : { level, message: b, fields: a });
  };
  return { info: at('info'), warn: at('warn'), error: at('error'), debug: at('debug') } as Logger;
};

/** Whether the transport can run here (uWS needs its native build); the test says so when not. */
export const available = (transport: HostileTransport): boolean => transport !== 'uws' || uwsNative;

export const startHostile = async (transport: HostileTransport, options: { readonly data?: string | false; readonly limits?: ServerLimits } = {}): Promise<Hostile> => {
  const log: LogLine[] = [];
  const alarms = new Subject<{ text: string }>();
  const server = createServer({
    searchPath: [yang],
    modules: ['hl-load'],
    host: '127.0.0.1',
    port: 0,
    transport,
    data: options.data ?? false,
    logger: recorder(log),
    ...(options.limits === undefined ? {} : { limits: options.limits }),
    app: (app) => app.notification('hl-load:alarm', alarms),
  });
  const address = await server.listen();
  return { server, url: address.url, port: address.port, transport: address.transport, log, alarms, close: () => server.close() };
};

/** Lines logged as errors (a client going away is never one). */
export const errorLines = (h: Hostile): LogLine[] => h.log.filter((l) => l.level === 'error');

/** The event-stream counters of rxconf-server state. */
export const streamStats = async (url: string): Promise<{ subscribers: number; sources: number; filters: number }> => {
  const r = await fetch(`${url}/restconf/data/rxconf-server:server/stats/streams`);
  return ((await r.json()) as { streams: { subscribers: number; sources: number; filters: number } }).streams;
};

/** The whole hl-load configuration as the server has it (JSON text, for before/after comparisons). */
export const snapshot = async (url: string): Promise<string> => {
  const r = await fetch(`${url}/restconf/data/hl-load:?content=config`, { headers: { accept: 'application/yang-data+json' } });
  return `${r.status} ${await r.text()}`;
};

export const JSON_TYPE = { 'content-type': 'application/yang-data+json' } as const;
