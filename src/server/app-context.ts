/**
 * What an application module loaded with `rxconf serve --app FILE` gets: its
 * default export is called with this context before the server listens.
 *
 *   export default (app: AppContext) => {
 *     app.operation('rxconf-demo:reset-counters', () => ({ reset: 3 }));
 *     app.notification('rxconf-demo:overheat', overheat$);
 *     app.serve('rxconf-demo', (ctx, stored) => extendNode(stored, { ... }));
 *   };
 */
import type { Observable } from 'rxjs';
import type { Device } from '../actors/device.ts';
import type { Datastore } from '../actors/nodes/datastore.ts';
import type { Node } from '../actors/node.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { AppHandlers, JsonObject, OperationHandler } from './app-handlers.ts';
import { schemaNodeAt } from './schema-path.ts';
import { typedApp, type TypedApp } from './typed-app.ts';
import type { YangModel } from '../codegen/runtime/yang-model.ts';

export type RootOverride = (context: RequestContext, stored: Node) => Node;

export interface AppContext {
  readonly schema: SchemaContext;
  readonly device: Device;
  /** The embedded datastore (config and state of every module). */
  readonly datastore: Datastore;
  /** Serves a module through other nodes; `stored` is the datastore's node for it, to delegate to. */
  serve(module: string, root: RootOverride): void;
  /** Handles an rpc (`module:rpc`) or action (`module:container/list/action`). */
  operation(path: string, handler: OperationHandler): void;
  /** Events of a notification (`module:notification`, or a path to a nested one), as plain objects of its leaves. */
  notification(path: string, source: Observable<JsonObject>): void;
  /** Runs when the server closes: stop timers, release what the application holds. */
  onClose(cleanup: () => void | Promise<void>): void;
  /** This API typed by a module's generated `model` (`rxconf types`): typed operation, notification and reflect. */
  typed<M extends YangModel>(model: M): TypedApp<M>;
}

export const createAppContext = (
  schema: SchemaContext,
  device: Device,
  datastore: Datastore,
  handlers: AppHandlers,
  overrides: Map<string, RootOverride>,
  cleanups: (() => void | Promise<void>)[],
): AppContext => {
  const app: AppContext = {
  schema,
  device,
  datastore,
  serve: (module, root) => {
    if (device.browser(module) === undefined) throw new Error(`app: module "${module}" is not served`);
    overrides.set(module, root);
  },
  operation: (path, handler) => {
    const node = schemaNodeAt(schema, path);
    if (typeof node === 'string') throw new Error(`app: operation ${node}`);
    if (node.kind !== 'rpc' && node.kind !== 'action') throw new Error(`app: "${path}" is a ${node.kind}, not an rpc or action`);
    handlers.operations.set(node, handler);
  },
  notification: (path, source) => {
    const node = schemaNodeAt(schema, path);
    if (typeof node === 'string') throw new Error(`app: notification ${node}`);
    if (node.kind !== 'notification') throw new Error(`app: "${path}" is a ${node.kind}, not a notification`);
    handlers.notifications.set(node, source);
    handlers.added.next(node);
  },
  onClose: (cleanup) => {
    cleanups.push(cleanup);
  },
  typed: (model) => typedApp(app, model),
  };
  return app;
};
