/**
 * Where a client command goes: URL is the server (`http://host:8080`), its
 * RESTCONF root (`http://host:8080/restconf`), or a resource under it
 * (`http://host:8080/restconf/data/mod:x`, `.../restconf/operations/mod:rpc`);
 * PATH, when given, is the api-path of the resource (`/mod:x/y=1`, or
 * `mod:x/y=1`).
 */
import { UsageError } from '../usage-error.ts';

export interface ClientTarget {
  /** `http://host:port` */
  readonly origin: string;
  /** The RESTCONF root path (`/restconf`); undefined when the URL does not say (found by discovery). */
  readonly restconf: string | undefined;
  /** Which of the root's resources the URL named: `data` unless it said `/operations`. */
  readonly resource: 'data' | 'operations';
  /** The api-path after `{+restconf}/data` (or `/operations`): '' for the datastore, else starting with '/'. */
  readonly path: string;
  /** The query the URL carried, kept as given. */
  readonly query: string;
}

const RESOURCE = /^(.*?)\/(data|operations)(\/.*)?$/;

export const clientTarget = (url: string, path: string | undefined): ClientTarget => {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new UsageError(`"${url}" is not a URL (give the server as http://HOST:PORT)`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') throw new UsageError(`"${url}" is not an http or https URL`);
  if (u.username !== '' || u.password !== '') throw new UsageError('give credentials with --user, not in the URL');
  const m = RESOURCE.exec(u.pathname);
  const root = (m === null ? u.pathname : m[1] ?? '').replace(/\/+$/, '');
  const inUrl = m?.[3] ?? '';
  if (inUrl !== '' && path !== undefined) throw new UsageError('the URL names a resource already; give PATH or a resource URL, not both');
  const given = path ?? inUrl;
  const rel = given === '' || given === '/' ? '' : given.startsWith('/') ? given : `/${given}`;
  return {
    origin: u.origin, restconf: root === '' ? undefined : root, resource: m?.[2] === 'operations' ? 'operations' : 'data',
    path: rel, query: u.search.replace(/^\?/, ''),
  };
};
