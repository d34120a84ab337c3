/**
 * A notification as an Observable: subscribing navigates to the
 * notification's parent and calls the node's notify; each event node is read
 * into a data tree, in order; unsubscribing calls the node's closer (the
 * notify subscription's teardown) and releases the nodes.
 */
import { Observable, type Subscription } from 'rxjs';
import type { DataContainer } from '../../data/data-container.ts';
import { childPath, formatPath } from '../../data/data-path.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { NotificationMeta } from '../../meta/meta.ts';
import type { Browser } from '../browser.ts';
import { runToEnd } from '../co.ts';
import { navigate, type TargetStep } from '../navigate.ts';
import type { RequestContext } from '../request-context.ts';
import { Selection } from '../selection.ts';
import { readEvents } from './read-events.ts';
import { stepsPath } from '../steps-path.ts';

export interface NotificationEvent {
  readonly time: Date;
  readonly data: DataContainer;
}

export const notifications = (browser: Browser, steps: readonly TargetStep[], context: RequestContext): Observable<NotificationEvent> =>
  new Observable<NotificationEvent>((subscriber) => {
    const meta = steps[steps.length - 1]?.meta as NotificationMeta;
    const root = browser.root(context);
    let sub: Subscription | undefined;
    let closed = false;
    runToEnd(navigate(root, steps)).then((parent) => {
      if (closed) return;
      if (parent === undefined) {
        const at = stepsPath(steps);
        throw new RestconfFailure([restconfError('invalid-value', `no data at ${formatPath({ segments: at.segments.slice(0, -1) })}`, { type: 'protocol', path: formatPath(at), status: 404 })]);
      }
      const path = childPath(parent.path, meta);
      if (parent.node.notify === undefined) {
        throw new RestconfFailure([restconfError('operation-not-supported', `notification "${meta.name}" has no source`, { path: formatPath(path) })]);
      }
      sub = parent.node
        .notify({ selection: parent, path, meta })
        .pipe(readEvents((node) => new Selection(browser, node, meta, path, parent, parent.context)))
        .subscribe({
          next: (data) => subscriber.next({ time: new Date(), data }),
          error: (e: unknown) => subscriber.error(e),
          complete: () => subscriber.complete(),
        });
    }).catch((e: unknown) => subscriber.error(e));
    return () => {
      closed = true;
      sub?.unsubscribe();
      root.node.release?.();
    };
  });
