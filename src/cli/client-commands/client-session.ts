/**
 * What a client command works with: the connection (transport and
 * RESTCONF root, found by discovery when the URL does not give it) and,
 * when the command checks its input, the server's schema as a
 * RemoteDevice, loaded on first use.
 */
import { ClientTransport, discoverRoot, loadRemoteSchema, mediaType, RemoteDevice, type ConnectOptions } from '../../client/index.ts';
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
    device: () => (device ??= loadRemoteSchema(transport, restconf).then((schema) => new RemoteDevice(schema, transport, restconf, strict))),
  };
};
