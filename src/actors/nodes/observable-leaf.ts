/**
 * A config false leaf (or leaf-list) backed by an Observable: a read answers
 * the latest value at once, checked against the leaf's type like any value
 * from the application; before the first value the leaf is absent. Attach
 * it as a field override:
 *
 *     const temperature = observableLeaf(sensor.temperature$);
 *     reflectNode(app, { fields: { temperature } });
 *
 * Lifecycle (see LatestValue): one subscription per `observableLeaf`, made
 * at the first read and shared by every request, until `close()` or until
 * the server that read it closes (it subscribes again if read again). Make it
 * once, beside the source, for long-lived data; one made per request (in a
 * Browser's root factory) must be closed when that request's root node is
 * released, e.g. `extendNode(root, { release: (b) => { leaf.close(); b.release?.(); } })`.
 */
import type { Observable } from 'rxjs';
import { RestconfFailure } from '../../errors/index.ts';
import { LatestValue } from './latest-value.ts';
import { badApplicationData, notSupported } from './node-errors.ts';
import type { FieldOverride } from './reflect-options.ts';

export interface ObservableLeaf extends FieldOverride {
  readonly latest: LatestValue<unknown>;
  /** Unsubscribes from the source. */
  close(): void;
}

export const observableLeaf = (source$: Observable<unknown>): ObservableLeaf => {
  const latest = new LatestValue(source$);
  return {
    latest,
    get: (_obj, r) => {
      try {
        return latest.current(r.selection.browser.holdings);
      } catch (e) {
        throw e instanceof RestconfFailure ? e : badApplicationData(r.path, `its source failed: ${e instanceof Error ? e.message : String(e)}`);
      }
    },
    set: (_obj, _value, r) => {
      throw notSupported(r.path, `writing "${r.meta.name}", which an Observable backs,`);
    },
    close: () => latest.close(),
  };
};
