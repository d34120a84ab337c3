/**
 * The device's plain-JSON calls: RESTCONF's methods on api-paths, taking
 * and giving the JSON RESTCONF itself carries (RFC 7951 in the strict
 * mode, the service's plain names in the simplified one). The path is
 * resolved against the server's schema and every body checked against it
 * here, as the server will decode it (check-input.ts), before anything is
 * sent: a problem throws a RestconfFailure whose errors name the path and
 * the reason, and nothing goes out. The server's refusals throw its own
 * errors (with the status it answered).
 */
import { map, type Observable } from 'rxjs';
import { RestconfFailure, restconfError } from '../errors/index.ts';
import { resolveApiPath, type ResolvedTarget } from '../http/core/api-path/index.ts';
import type { OperationMeta } from '../meta/meta.ts';
import { answerFailure } from './answer-errors.ts';
import { checkInput, inputBody, type InputMethod } from './check-input.ts';
import { eventNodes } from './event-nodes.ts';
import { eventStream } from './event-stream.ts';
import { mediaType } from './media-type.ts';
import type { RemoteDevice } from './remote-device.ts';

/** What a GET asks for (RFC 8040 §4.8): applied by the server. */
export interface JsonReadOptions {
  readonly depth?: number | 'unbounded';
  /** RFC 8040 `fields`: `a;b/c(d)`. */
  readonly fields?: string;
  readonly content?: 'config' | 'nonconfig' | 'all';
  readonly withDefaults?: 'report-all' | 'trim' | 'explicit' | 'report-all-tagged';
}

/** One notification as plain JSON. */
export interface JsonEvent {
  /** The event's time as the server gave it (RFC 8040 §6.4 eventTime); the time it came when the server's form has none. */
  readonly eventTime: string;
  /** The notification's content: its members by name. */
  readonly data: Record<string, unknown>;
}

type JsonObject = Record<string, unknown>;
const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An api-path as given (`mod:x`, `/mod:x/y=1`, `` or `/` for the datastore), with its leading slash. */
const apiPath = (path: string): string => (path === '' || path === '/' ? '' : path.startsWith('/') ? path : `/${path}`);

const resolved = (device: RemoteDevice, path: string): ResolvedTarget => {
  const r = resolveApiPath(path, device, device.link.strict);
  if (!r.ok) throw new RestconfFailure([r.error]);
  return r.target;
};

const query = (o: JsonReadOptions): string => {
  const q: string[] = [];
  if (o.depth !== undefined) q.push(`depth=${o.depth}`);
  if (o.fields !== undefined) q.push(`fields=${encodeURIComponent(o.fields)}`);
  if (o.content !== undefined) q.push(`content=${o.content}`);
  if (o.withDefaults !== undefined) q.push(`with-defaults=${o.withDefaults}`);
  return q.length === 0 ? '' : `?${q.join('&')}`;
};

/** GET: the resource's JSON as the server answers it (`{"mod:name": …}`); undefined when there is no data there (404). */
export const getJson = async (device: RemoteDevice, path: string, options: JsonReadOptions = {}): Promise<unknown> => {
  const p = apiPath(path);
  resolved(device, p);
  const target = `${device.link.restconf}/data${p}${query(options)}`;
  const a = await device.link.transport.request('GET', target, undefined, { accept: mediaType(device.link.strict) });
  if (a.status === 404) return undefined;
  if (a.status !== 200) throw answerFailure(a, `GET ${target}`);
  return JSON.parse(a.text) as unknown;
};

/** PUT, PATCH or POST of `body` (checked first); POST answers the created resource's Location. */
export const sendJson = async (device: RemoteDevice, method: InputMethod, path: string, body: unknown): Promise<string | undefined> => {
  const p = apiPath(path);
  const text = JSON.stringify(body);
  if (text === undefined) throw new TypeError(`${method} ${p === '' ? '/' : p}: the body is not JSON (${typeof body})`);
  const problems = checkInput(device, method, p, text);
  if (problems.length > 0) throw new RestconfFailure([...problems]);
  const target = `${device.link.restconf}/data${p}`;
  const media = mediaType(device.link.strict);
  const a = await device.link.transport.request(method, target, text, { accept: media, 'content-type': media });
  if (a.status < 200 || a.status >= 300) throw answerFailure(a, `${method} ${target}`);
  const location = a.headers.location;
  return typeof location === 'string' ? location : undefined;
};

/** DELETE of the resource at `path`. */
export const deleteJson = async (device: RemoteDevice, path: string): Promise<void> => {
  const p = apiPath(path);
  if (resolved(device, p).kind === 'datastore') throw new RestconfFailure([restconfError('operation-not-supported', 'the datastore cannot be deleted', { type: 'protocol', path: '/' })]);
  const target = `${device.link.restconf}/data${p}`;
  const a = await device.link.transport.request('DELETE', target, undefined, { accept: mediaType(device.link.strict) });
  if (a.status < 200 || a.status >= 300) throw answerFailure(a, `DELETE ${target}`);
};

/**
 * An rpc (`mod:name`) or action (its data path): `input` bare or wrapped
 * (`{"mod:input": …}`), checked as the server checks it (types, mandatory
 * nodes, must, when); the output's members, or undefined when the
 * operation answered none.
 */
export const invokeJson = async (device: RemoteDevice, path: string, input?: unknown): Promise<JsonObject | undefined> => {
  const p = apiPath(path);
  const t = resolved(device, p);
  if (t.kind !== 'operation') throw new RestconfFailure([restconfError('invalid-value', `${p} is not an rpc or action`, { type: 'protocol', path: p })]);
  const op = t.meta as OperationMeta;
  const module = op.module.name;
  const text = input === undefined ? undefined : JSON.stringify(inputBody(input, { module }));
  const problems = checkInput(device, 'POST', p, text);
  if (problems.length > 0) throw new RestconfFailure([...problems]);
  const target = `${device.link.restconf}/${op.kind === 'rpc' ? 'operations' : 'data'}${p}`;
  const media = mediaType(device.link.strict);
  const headers: Record<string, string> = { accept: media };
  if (text !== undefined) headers['content-type'] = media;
  const a = await device.link.transport.request('POST', target, text, headers);
  if (a.status !== 200 && a.status !== 204) throw answerFailure(a, `POST ${target}`);
  if (a.status === 204 || a.text.trim() === '') return undefined;
  const json = JSON.parse(a.text) as unknown;
  const out = isObject(json) ? json[`${module}:output`] ?? json['output'] ?? json : json;
  return isObject(out) ? out : {};
};

/**
 * A notification's events (its data path, `/mod:alarm`; `filter`: an
 * XPath the server selects events by): subscribing opens the event stream,
 * unsubscribing closes it; the server's refusal or an `error` event errors
 * the Observable with the server's errors.
 */
export const jsonEvents = (device: RemoteDevice, path: string, options: { readonly filter?: string } = {}): Observable<JsonEvent> => {
  const p = apiPath(path);
  const t = resolved(device, p);
  if (t.kind !== 'notification') throw new RestconfFailure([restconfError('invalid-value', `${p} is not a notification`, { type: 'protocol', path: p })]);
  const target = `${device.link.restconf}/data${p}${options.filter === undefined ? '' : `?filter=${encodeURIComponent(options.filter)}`}`;
  const accept = device.link.strict ? 'text/event-stream, application/yang-data+json;q=0.1' : 'text/event-stream';
  const names = t.path.segments.map((s) => (s.meta as { name: string }).name);
  return eventNodes(eventStream(device.link.transport, target, { accept }), target, names).pipe(
    map((e) => ({ eventTime: e.eventTime ?? new Date().toISOString(), data: isObject(e.content) ? e.content : {} })),
  );
};
