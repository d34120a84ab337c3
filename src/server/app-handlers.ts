/**
 * Operation handlers and notification sources an application registers by
 * schema path, attached to every node of every module: a node asked to run
 * an operation (or subscribe to a notification) that has a registered
 * handler uses it. Handlers see plain JSON and answer plain JSON; rxconf
 * decodes and checks it against the schema.
 */
import { map, Subject, type Observable } from 'rxjs';
import { isPending, type Answer } from '../base/answer.ts';
import { DataContainerNode } from '../actors/nodes/data-node.ts';
import { wrapDeep } from '../actors/nodes/wrap-deep.ts';
import type { Node } from '../actors/node.ts';
import type { RequestContext } from '../actors/request-context.ts';
import type { ActionRequest } from '../actors/requests.ts';
import { DataContainer } from '../data/data-container.ts';
import { formatPath } from '../data/data-path.ts';
import { decodeData, encodeData } from '../data/json/index.ts';
import { restconfError, RestconfFailure } from '../errors/index.ts';
import { inputWithUpload } from '../http/core/body/form-upload-input.ts';
import type { NotificationMeta, OperationMeta, SchemaContext } from '../meta/meta.ts';

export type JsonObject = Record<string, unknown>;

export interface OperationCall {
  /** The input as plain JSON (names unqualified), undefined when the operation has no input. A form's file is there as a FormUpload (an AsyncIterable of its bytes) at its binary or anydata node. */
  readonly input: JsonObject | undefined;
  readonly context: RequestContext;
  /** RFC 7951 instance-identifier of the operation (for an action, of the node it runs on). */
  readonly path: string;
}

export type OperationHandler = (call: OperationCall) => Answer<JsonObject | undefined | void>;

export class AppHandlers {
  readonly operations = new Map<OperationMeta, OperationHandler>();
  readonly notifications = new Map<NotificationMeta, Observable<JsonObject>>();
  /** Each notification as a source is registered for it (streams opened before wait for it). */
  readonly added = new Subject<NotificationMeta>();

  constructor(private readonly schema: SchemaContext) {}

  /** `node` with the registered handlers attached to it and to every node below it. */
  attach(node: Node): Node {
    if (this.operations.size === 0 && this.notifications.size === 0) return node;
    return wrapDeep(node, (n) => {
      const out: Node = Object.create(n) as Node;
      const action = n.action;
      const notify = n.notify;
      out.action = (r) => {
        const h = this.operations.get(r.meta);
        if (h !== undefined) return this.run(h, r);
        if (action === undefined) throw new RestconfFailure([restconfError('operation-not-supported', `${r.meta.kind} "${r.meta.name}" has no handler`, { path: formatPath(r.path) })]);
        return action.call(n, r);
      };
      if (this.notifications.size > 0) {
        const notifyFn: NonNullable<Node['notify']> & { handles?: (meta: NotificationMeta) => boolean } = (r) => {
          const source = this.notifications.get(r.meta);
          if (source !== undefined) return source.pipe(map((e) => this.eventNode(r.meta, e)));
          if (notify === undefined) throw new RestconfFailure([restconfError('operation-not-supported', `notification "${r.meta.name}" has no source`)]);
          return notify.call(n, r);
        };
        notifyFn.handles = (meta) => this.notifications.has(meta) || notify !== undefined;
        out.notify = notifyFn;
      }
      return out;
    });
  }

  private run(h: OperationHandler, r: ActionRequest): Answer<Node | undefined> {
    const data = r.input?.node.peek?.();
    const json = r.meta.hasInput && data instanceof DataContainer ? encodeData(data, { strict: false, schema: this.schema }) : undefined;
    const input = inputWithUpload(json, r.selection.context); // a form's file at its leaf (docs/web.md)
    const answer = h({ input, context: r.selection.context, path: formatPath(r.path) });
    const toNode = (out: JsonObject | undefined | void): Node | undefined => {
      if (!r.meta.hasOutput) return undefined;
      const decoded = decodeData(out ?? {}, r.meta.output, { strict: false, content: 'all', schema: this.schema, path: r.path });
      if (!decoded.ok) {
        throw new RestconfFailure(decoded.errors.map((e) => restconfError('operation-failed', `the ${r.meta.name} handler answered invalid output: ${e.message}`, { path: e.path })));
      }
      return new DataContainerNode(decoded.value);
    };
    if (!isPending(answer)) return toNode(answer as JsonObject | undefined);
    if ('then' in answer && typeof answer.then === 'function') return Promise.resolve(answer).then(toNode);
    return (answer as Observable<JsonObject | undefined>).pipe(map(toNode));
  }

  private eventNode(meta: NotificationMeta, event: JsonObject): Node {
    const decoded = decodeData(event, meta, { strict: false, content: 'all', schema: this.schema });
    if (!decoded.ok) throw new RestconfFailure(decoded.errors.map((e) => restconfError('operation-failed', `an event of ${meta.name} does not fit its notification: ${e.message}`, { path: e.path })));
    return new DataContainerNode(decoded.value);
  }
}

/** Whether a node can serve a notification (a registered source, or its own notify). */
export const canNotify = (node: Node, meta: NotificationMeta): boolean => {
  const notify = node.notify as (Node['notify'] & { handles?: (m: NotificationMeta) => boolean }) | undefined;
  return notify !== undefined && (notify.handles?.(meta) ?? true);
};
