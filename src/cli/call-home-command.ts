/**
 * `rxconf call-home`: the client end of RESTCONF Call Home (RFC 8071).
 * Listens for servers calling home, completes TLS as the client on each
 * connection, and serves a local plain-HTTP port whose requests go to the
 * server that called last (curl it as if the server listened there). Runs
 * until SIGINT or SIGTERM.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { listenCallHome, type CallHomeSession } from '../server/call-home/call-home-listener.ts';
import { callHomeProxy } from '../server/call-home/call-home-proxy.ts';
import { CALL_HOME_PORT } from '../server/call-home/call-home-options.ts';

export const callHomeOptions = {
  listen: { type: 'string' },
  cert: { type: 'string' },
  key: { type: 'string' },
  ca: { type: 'string' },
  'server-name': { type: 'string' },
  local: { type: 'string' },
} as const;

const fail = (message: string): number => {
  console.error(`rxconf call-home: ${message}`);
  return 2;
};

/** `[HOST:]PORT` (IPv6 as `[ADDR]:PORT`); default all addresses, port 4336. */
const listenAddress = (text: string | undefined): { host: string; port: number } | undefined => {
  if (text === undefined) return { host: '0.0.0.0', port: CALL_HOME_PORT };
  const m = /^(?:(?:\[([^\]]+)\]|([^:]+)):)?(\d+)$/.exec(text);
  const port = Number(m?.[3]);
  if (m === null || port > 65535) return undefined;
  return { host: m[1] ?? m[2] ?? '0.0.0.0', port };
};

export const callHomeCommand = async (argv: readonly string[]): Promise<number> => {
  const { values } = parseArgs({ args: [...argv], strict: true, options: callHomeOptions });
  if (values.cert === undefined || values.key === undefined || values.ca === undefined) return fail('--cert, --key and --ca are needed (our certificate, and the CAs the server\'s is checked against)');
  const at = listenAddress(values.listen);
  if (at === undefined) return fail(`--listen takes [HOST:]PORT, not "${values.listen}"`);
  const local = values.local === undefined ? 8080 : Number(values.local);
  if (!Number.isInteger(local) || local < 0 || local > 65535) return fail(`--local must be a port 0..65535, not "${values.local}"`);
  const listener = await listenCallHome({
    host: at.host, port: at.port, cert: readFileSync(values.cert), key: readFileSync(values.key), ca: readFileSync(values.ca),
    ...(values['server-name'] === undefined ? {} : { serverName: values['server-name'] }),
  });
  let current: CallHomeSession | undefined;
  const proxy = await callHomeProxy(local, () => current);
  console.log(`call home: listening on ${at.host}:${listener.port}; requests to http://127.0.0.1:${proxy.port} go to the server that called`);
  let stopped = false;
  void (async () => {
    while (!stopped) {
      const s = await listener.next();
      if (stopped) return;
      current = s;
      console.log(`call home: server connected from ${s.remoteAddress ?? '?'}`);
      void s.closed.then(() => console.log(`call home: the connection from ${s.remoteAddress ?? '?'} ended`));
    }
  })();
  await new Promise<void>((done) => {
    const stop = (): void => {
      stopped = true;
      void Promise.all([listener.close(), proxy.close()]).then(() => done());
    };
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  return 0;
};
