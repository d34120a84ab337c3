/**
 * What a client command works with: the connection (transport and
 * RESTCONF root, found by discovery when the URL does not give it) and,
 * when the command checks its input, the server's schema as a
 * RemoteDevice, loaded on first use.
 */
import { ClientTransport } from '../../client/client-transport.ts';
import type { ConnectOptions } from '../../client/connect-options.ts';
import { discoverRoot } from '../../client/discover-root.ts';
import { mediaType } from '../../client/media-type.ts';
import type { RemoteDevice } from '../../client/remote-device.ts';
import type { ClientTarget } from './client-target.ts';

export interface ClientSession {
  readonly target: ClientTarget;
  readonly transport: ClientTransport;
  readonly restconf: string;
  readonly strict: boolean;
  /** `{+restconf}/data` (or `/operations`) + path + query. */
  url(path: string, query?: readonly string[], resource?: 'data' | 'operations'): string;
  device(): Promise<RemoteDevice>;
  /** Accept and Content-Type of the mode. */
  readonly media: string;
}

/** The server's schema as a device: loaded (and compiled) only by the commands that check their input; its sources kept in the schema cache. */
const loadDevice = async (transport: ClientTransport, restconf: string, strict: boolean): Promise<RemoteDevice> => {
  const [{ loadRemoteSchema }, { RemoteDevice }, { cacheRoot }] = await Promise.all([
    import('../../client/load-remote-schema.ts'), import('../../client/remote-device.ts'), import('../../client/schema-cache.ts'),
  ]);
  return new RemoteDevice(await loadRemoteSchema(transport, restconf, cacheRoot()), transport, restconf, strict);
};

export const openSession = async (target: ClientTarget, options: ConnectOptions): Promise<ClientSession> => {
  const transport = new ClientTransport(target.origin, options);
  const restconf = target.restconf ?? await discoverRoot(transport);
  const strict = options.mode !== 'simplified';
  let device: Promise<RemoteDevice> | undefined;
  return {
    target, transport, restconf, strict,
    media: mediaType(strict),
    url: (path, query = [], resource = target.resource) => {
      const q = [...(target.query === '' ? [] : [target.query]), ...query].join('&');
      return `${restconf}/${resource}${path}${q === '' ? '' : `?${q}`}`;
    },
    device: () => (device ??= loadDevice(transport, restconf, strict)),
  };
};
