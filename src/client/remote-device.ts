/**
 * A remote RESTCONF server. In plain JSON (json-calls.ts): `get`, `put`,
 * `patch`, `post`, `delete`, `invoke` and `events` on api-paths, bodies
 * checked against the server's schema before they are sent. At the tree
 * level, a local Device: one Browser per module the server implements,
 * whose root node speaks RESTCONF (remote-node.ts), so `resolve` gives
 * what `read`, `commitEdit`, `invoke` and `notifications` work on as on
 * local browsers. Edits are checked against the schema here (decoding)
 * and validated by the server, which holds the whole datastore: the
 * candidate validation a local device runs is left to it.
 */
import { Browser } from '../actors/browser.ts';
import { Device } from '../actors/device.ts';
import type { Observable } from 'rxjs';
import type { TargetStep } from '../actors/navigate.ts';
import { RestconfFailure } from '../errors/index.ts';
import { resolveApiPath, type ResolvedTarget } from '../http/core/api-path/index.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { ClientTransport } from './client-transport.ts';
import { deleteJson, getJson, invokeJson, jsonEvents, sendJson, type JsonEvent, type JsonReadOptions } from './json-calls.ts';
import { RemoteNode } from './remote-node.ts';
import { RemoteSession, type RemoteLink } from './remote-session.ts';

export class RemoteDevice extends Device {
  readonly link: RemoteLink;

  constructor(schema: SchemaContext, transport: ClientTransport, restconf: string, strict: boolean) {
    super(schema);
    this.link = { transport, restconf, strict, schema };
    for (const module of schema.modules.values()) {
      if (!module.implemented) continue;
      this.add(new Browser(module, schema, (context) => new RemoteNode(new RemoteSession(this.link, module, context), { segments: [] }, module)));
    }
  }

  /** The server validates every edit against its whole datastore. */
  override get needsTreeValidation(): boolean {
    return false;
  }

  /** The resource's JSON as the server answers it (`{"mod:name": …}`); undefined when there is no data there. */
  get(path: string, options?: JsonReadOptions): Promise<unknown> {
    return getJson(this, path, options);
  }

  /** Creates or replaces the resource with `body` (`{"mod:name": …}`, as `get` gives it). */
  async put(path: string, body: unknown): Promise<void> {
    await sendJson(this, 'PUT', path, body);
  }

  /** Merges `body` into the resource (the datastore for `/`). */
  async patch(path: string, body: unknown): Promise<void> {
    await sendJson(this, 'PATCH', path, body);
  }

  /** Creates `body`'s resource as a child of `path`; the new resource's Location. */
  post(path: string, body: unknown): Promise<string | undefined> {
    return sendJson(this, 'POST', path, body);
  }

  delete(path: string): Promise<void> {
    return deleteJson(this, path);
  }

  /** Runs an rpc (`mod:name`) or action (its data path); input and output are plain objects. */
  invoke(path: string, input?: unknown): Promise<Record<string, unknown> | undefined> {
    return invokeJson(this, path, input);
  }

  /** A notification's events as plain objects, while subscribed. */
  events(path: string, options?: { readonly filter?: string }): Observable<JsonEvent> {
    return jsonEvents(this, path, options);
  }

  /**
   * Tree level: an api-path (`/mod:a/b=k`, as after `{+restconf}/data`) resolved against
   * the server's schema: the resource, its module's browser, the steps to it.
   * A bad path throws its error (RestconfFailure).
   */
  resolve(path: string): ResolvedTarget & { readonly browser: Browser; readonly steps: readonly TargetStep[] } {
    const r = resolveApiPath(path.startsWith('/') || path === '' ? path : `/${path}`, this, this.link.strict);
    if (!r.ok) throw new RestconfFailure([r.error]);
    if (r.target.browser === undefined) throw new RestconfFailure([{ type: 'protocol', tag: 'invalid-value', message: 'the path names the datastore, not a module\'s data', status: 400 }]);
    return r.target as ResolvedTarget & { readonly browser: Browser };
  }

  /** The server's origin and RESTCONF root, e.g. `http://127.0.0.1:8080/restconf`. */
  get url(): string {
    return `${this.link.transport.origin}${this.link.restconf}`;
  }
}
