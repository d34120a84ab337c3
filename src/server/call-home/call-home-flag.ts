/** `--call-home HOST[:PORT]` (IPv6 as `[ADDR]:PORT`) with the shared `--call-home-period` / `--call-home-idle`: a client, or a usage problem. */
import { CALL_HOME_PORT, type CallHomeClient } from './call-home-options.ts';

const seconds = (flag: string, text: string | undefined, min: number): number | string | undefined => {
  if (text === undefined) return undefined;
  const n = Number(text);
  return Number.isInteger(n) && n >= min && n <= 86_400 ? n : `${flag} takes whole seconds ${min}..86400, not "${text}"`;
};

export const callHomeFlag = (text: string, period?: string, idle?: string): CallHomeClient | string => {
  const m = /^(?:\[([^\]]+)\]|([^:]+))(?::(\d+))?$/.exec(text);
  if (m === null) return `--call-home takes HOST[:PORT], not "${text}"`;
  const host = (m[1] ?? m[2]) as string;
  const port = m[3] === undefined ? CALL_HOME_PORT : Number(m[3]);
  if (port < 1 || port > 65535) return `--call-home: port ${port} is not 1..65535`;
  const periodSeconds = seconds('--call-home-period', period, 1);
  const idleTimeoutSeconds = seconds('--call-home-idle', idle, 0);
  if (typeof periodSeconds === 'string') return periodSeconds;
  if (typeof idleTimeoutSeconds === 'string') return idleTimeoutSeconds;
  if (periodSeconds === undefined && idleTimeoutSeconds !== undefined) return '--call-home-idle needs --call-home-period';
  return {
    host,
    port,
    ...(periodSeconds === undefined ? {} : {
      connection: { type: 'periodic' as const, periodSeconds, ...(idleTimeoutSeconds === undefined ? {} : { idleTimeoutSeconds }) },
    }),
  };
};
