/** A Browser serves one module: it makes the root node afresh for every request. */
import { Subject, type Observable } from 'rxjs';
import { rootPath } from '../data/data-path.ts';
import type { ModuleMeta, NotificationMeta, SchemaContext } from '../meta/meta.ts';
import type { NotificationEvent } from './operations/notifications.ts';
import type { Node } from './node.ts';
import { emptyContext, type RequestContext } from './request-context.ts';
import { extendContext } from './request-scope.ts';
import type { ChangeEvent } from './change-event.ts';
import { Holdings } from './holdings.ts';
import { Mailbox } from './edit/mailbox.ts';
import { Selection } from './selection.ts';

export type RootFactory = (context: RequestContext) => Node;

export class Browser {
  /** Edits of this module, one at a time. */
  readonly mailbox = new Mailbox();
  /** Committed changes of this module's data (edits through rxconf, and any an application reports). */
  readonly changes = new Subject<ChangeEvent>();
  /** The change events the event streams send: `changes`, or on a replica of a cluster those of the commit log. */
  feed: Observable<ChangeEvent> = this.changes;
  /**
   * On a replica of a cluster, the events of a top-level notification as
   * the cluster shares them (`history`: the kept ones first); undefined in
   * one process, where the source itself is read.
   */
  notified: ((meta: NotificationMeta, history: boolean) => Observable<NotificationEvent>) | undefined;
  /** Changes committed through rxconf (counted without building their events: `changes` has them only when observed). */
  edits = 0;
  /** Subscriptions made for this module's requests that outlive them (released when the server closes). */
  readonly holdings = new Holdings();

  constructor(
    readonly module: ModuleMeta,
    readonly schema: SchemaContext,
    private readonly makeRoot: RootFactory,
  ) {}

  /** The root selection of a new request. */
  root(context: RequestContext = emptyContext): Selection {
    const node = this.makeRoot(context);
    const ctx = node.context === undefined ? context : extendContext(context, { ...context, ...node.context({ selection: undefined as never, path: rootPath }) });
    return new Selection(this, node, this.module, rootPath, undefined, ctx);
  }
}
