/**
 * One RESTCONF Call Home client (RFC 8071): where the server connects, and
 * how — a persistent connection (reconnected whenever it drops) or a
 * periodic one (opened every period, closed after an idle time-out) — and
 * how it retries a connection that fails (bounded attempts, doubling delay).
 */
export interface CallHomeClient {
  /** Names the client in logs and state (default `host:port`). */
  readonly name?: string;
  readonly host: string;
  /** The client's call-home port (default 4336, RFC 8071 §3). */
  readonly port?: number;
  /** Default persistent. */
  readonly connection?: PersistentConnection | PeriodicConnection;
  readonly reconnect?: ReconnectStrategy;
}

export interface PersistentConnection {
  readonly type: 'persistent';
}

export interface PeriodicConnection {
  readonly type: 'periodic';
  /** A connection is opened every `periodSeconds` (default 3600), counted from the start of the previous one. */
  readonly periodSeconds?: number;
  /** The server closes a connection with no traffic either way for this long (default 120; 0: never). */
  readonly idleTimeoutSeconds?: number;
}

export interface ReconnectStrategy {
  /**
   * Failed attempts in a row before the server stops trying: a persistent
   * client is given up (logged), a periodic one waits for its next period.
   * Default unbounded (persistent) and 3 (periodic).
   */
  readonly maxAttempts?: number;
  /** Delay after the first failure (default 1,000 ms); doubled after each further one. */
  readonly minDelayMs?: number;
  /** Longest delay (default 60,000 ms). */
  readonly maxDelayMs?: number;
}

export const CALL_HOME_PORT = 4336;

/** The client with every default filled in. */
export interface CallHomePlan {
  readonly name: string;
  readonly host: string;
  readonly port: number;
  readonly periodic: { readonly periodMs: number; readonly idleTimeoutMs: number } | undefined;
  readonly maxAttempts: number;
  readonly minDelayMs: number;
  readonly maxDelayMs: number;
}

export const callHomePlan = (c: CallHomeClient): CallHomePlan => {
  const port = c.port ?? CALL_HOME_PORT;
  const conn = c.connection;
  const periodic = conn?.type === 'periodic'
    ? { periodMs: (conn.periodSeconds ?? 3600) * 1000, idleTimeoutMs: (conn.idleTimeoutSeconds ?? 120) * 1000 }
    : undefined;
  return {
    name: c.name ?? `${c.host}:${port}`,
    host: c.host,
    port,
    periodic,
    maxAttempts: c.reconnect?.maxAttempts ?? (periodic === undefined ? Infinity : 3),
    minDelayMs: c.reconnect?.minDelayMs ?? 1_000,
    maxDelayMs: c.reconnect?.maxDelayMs ?? 60_000,
  };
};

/** The wait before attempt `failures + 1` after `failures` failures in a row (0 before the first). */
export const retryDelay = (plan: CallHomePlan, failures: number): number =>
  failures === 0 ? 0 : Math.min(plan.minDelayMs * 2 ** (failures - 1), plan.maxDelayMs);
