/**
 * A config false container backed by an Observable of objects: a read
 * answers the latest object, read through `reflectNode` (with `options`);
 * before the first object the container is absent. Attach it as a child
 * override:
 *
 *     const environment = observableContainer(sensors.environment$);
 *     reflectNode(app, { children: { environment } });
 *
 * The same works for a config false list whose source emits arrays or Maps.
 * Lifecycle: as `observableLeaf` — one subscription, at the first read,
 * shared by every request, until `close()`.
 */
import type { Observable } from 'rxjs';
import { RestconfFailure } from '../../errors/index.ts';
import { LatestValue } from './latest-value.ts';
import { badApplicationData, notSupported } from './node-errors.ts';
import { reflectChild } from './reflect-node.ts';
import type { ChildOverride, ReflectOptions } from './reflect-options.ts';

export interface ObservableContainer extends ChildOverride {
  readonly latest: LatestValue<unknown>;
  /** Unsubscribes from the source. */
  close(): void;
}

export const observableContainer = (source$: Observable<unknown>, options: ReflectOptions = {}): ObservableContainer => {
  const latest = new LatestValue(source$);
  return {
    latest,
    child: (_obj, r) => {
      if (r.new) throw notSupported(r.path, `creating "${r.meta.name}", which an Observable backs,`);
      if (r.delete) return undefined;
      let value: unknown;
      try {
        value = latest.current(r.selection.browser.holdings);
      } catch (e) {
        throw e instanceof RestconfFailure ? e : badApplicationData(r.path, `its source failed: ${e instanceof Error ? e.message : String(e)}`);
      }
      return reflectChild(value, r, options);
    },
    close: () => latest.close(),
  };
};
