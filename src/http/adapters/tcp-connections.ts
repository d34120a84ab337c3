import { readFileSync } from 'node:fs';

/** TCP states that are an open connection on our side (include/net/tcp_states.h): ESTABLISHED, CLOSE_WAIT. */
const OPEN_STATES = new Set(['01', '08']);

const countIn = (file: string, port: string): number => {
  let count = 0;
  const lines = readFileSync(file, 'latin1').split('\n');
  for (let i = 1; i < lines.length; i += 1) {
    const fields = (lines[i] as string).trim().split(/\s+/);
    const local = fields[1];
    if (local === undefined || !OPEN_STATES.has(fields[3] ?? '')) continue;
    if (local.slice(local.lastIndexOf(':') + 1) === port) count += 1;
  }
  return count;
};

/**
 * Open TCP connections whose local port is `port`, as the kernel lists them
 * (Linux: /proc/net/tcp and tcp6, this process's network namespace). With
 * the port listened on exclusively, these are the server's connections.
 * For a transport that tells no connection events (uWS builds without
 * `filter`). Undefined where the kernel does not list them.
 */
export const countTcpConnections = (port: number): number | undefined => {
  const hex = port.toString(16).toUpperCase().padStart(4, '0');
  let total = 0;
  let listed = false;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    try {
      total += countIn(file, hex);
      listed = true;
    } catch {
      // no such table (not Linux, or no IPv6)
    }
  }
  return listed ? total : undefined;
};
