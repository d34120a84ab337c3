/**
 * `connect(url, options)`: a remote RESTCONF server as a local Device.
 * The RESTCONF root is the URL's path when it has one
 * (`https://host/restconf`), else found by root resource discovery (RFC
 * 8040 §3.1, `/.well-known/host-meta`), else `/restconf`. The schema is
 * the one the server publishes (load-remote-schema.ts).
 */
import { checkConnectOptions, type ConnectOptions } from './connect-options.ts';
import { ClientTransport } from './client-transport.ts';
import { discoverRoot } from './discover-root.ts';
import { loadRemoteSchema } from './load-remote-schema.ts';
import { RemoteDevice } from './remote-device.ts';

export const connect = async (url: string | URL, options: ConnectOptions = {}): Promise<RemoteDevice> => {
  const problems = checkConnectOptions(options);
  if (problems.length > 0) throw new TypeError(`connect: ${problems.join('; ')}`);
  const u = new URL(url);
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new TypeError(`connect: ${u.href} is not an http or https URL`);
  const transport = new ClientTransport(u.origin, options);
  const path = u.pathname.replace(/\/+$/, '');
  const restconf = path === '' ? await discoverRoot(transport) : path;
  const schema = await loadRemoteSchema(transport, restconf);
  return new RemoteDevice(schema, transport, restconf, (options.mode ?? 'strict') === 'strict');
};
