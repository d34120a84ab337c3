/**
 * The options every client command shares (who the client is, how it
 * speaks, which CAs it trusts) and what they make: the ConnectOptions of
 * the connection. `--user` and `--token` are kept out of what is printed.
 */
import { readFileSync } from 'node:fs';
import type { ConnectOptions } from '../../client/connect-options.ts';
import { UsageError } from '../usage-error.ts';

export const connectionOptions = {
  user: { type: 'string', short: 'u' },
  token: { type: 'string' },
  header: { type: 'string', short: 'H', multiple: true, default: [] as string[] },
  ca: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  simplified: { type: 'boolean', default: false },
  timeout: { type: 'string' },
  help: { type: 'boolean', short: 'h', default: false },
} as const;

export interface ConnectionValues {
  readonly user?: string | undefined;
  readonly token?: string | undefined;
  readonly header: readonly string[];
  readonly ca?: string | undefined;
  readonly cert?: string | undefined;
  readonly key?: string | undefined;
  readonly simplified: boolean;
  readonly timeout?: string | undefined;
}

const readPem = (file: string, option: string): Buffer => {
  try {
    return readFileSync(file);
  } catch (e) {
    throw new UsageError(`${option}: cannot read ${file}: ${(e as Error).message}`);
  }
};

export const connectOptionsOf = (v: ConnectionValues): ConnectOptions => {
  if (v.user !== undefined && v.token !== undefined) throw new UsageError('give --user or --token, not both');
  const headers: Record<string, string> = {};
  for (const h of v.header) {
    const colon = h.indexOf(':');
    if (colon <= 0) throw new UsageError(`--header takes 'NAME: VALUE', not "${h}"`);
    headers[h.slice(0, colon).trim().toLowerCase()] = h.slice(colon + 1).trim();
  }
  let credentials: ConnectOptions['credentials'];
  if (v.user !== undefined) {
    const colon = v.user.indexOf(':');
    if (colon <= 0) throw new UsageError('--user takes USER:PASSWORD');
    credentials = { user: v.user.slice(0, colon), password: v.user.slice(colon + 1) };
  } else if (v.token !== undefined) {
    credentials = { token: v.token };
  }
  const timeoutMs = v.timeout === undefined ? undefined : Number(v.timeout);
  if (timeoutMs !== undefined && !(Number.isInteger(timeoutMs) && timeoutMs > 0)) throw new UsageError(`--timeout takes milliseconds, not "${v.timeout}"`);
  if ((v.cert === undefined) !== (v.key === undefined)) throw new UsageError('--cert and --key go together');
  return {
    ...(credentials === undefined ? {} : { credentials }),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
    mode: v.simplified ? 'simplified' : 'strict',
    ...(v.ca === undefined ? {} : { ca: readPem(v.ca, '--ca') }),
    ...(v.cert === undefined ? {} : { cert: readPem(v.cert, '--cert') }),
    ...(v.key === undefined ? {} : { key: readPem(v.key, '--key') }),
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  };
};
