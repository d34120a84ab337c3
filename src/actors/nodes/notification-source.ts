/**
 * A notification backed by an Observable of plain objects: `notify` answers
 * the source mapped to event nodes, each object read through `reflectNode`
 * against the notification's children (so its values are checked like any
 * application data). Every subscription to `notify` is one Notify of the
 * spec and subscribes the source; unsubscribing (the client left) is the
 * closer and runs the source's teardown. Share a hot source yourself when
 * subscribers should not each start it. Attach it by notification name:
 *
 *     reflectNode(app, { notifications: { alarm: notificationSource(alarm$) } });
 */
import { map, type Observable } from 'rxjs';
import type { Node } from '../node.ts';
import { badApplicationData, describeValue } from './node-errors.ts';
import { isRecord } from './object-property.ts';
import { reflectNode } from './reflect-node.ts';
import type { ReflectOptions } from './reflect-options.ts';

export const notificationSource = (source$: Observable<unknown>, options: ReflectOptions = {}): Node => ({
  notify: (r) =>
    source$.pipe(
      map((event) => {
        if (!isRecord(event)) throw badApplicationData(r.path, `an event must be an object, got ${describeValue(event)}`);
        return reflectNode(event, options);
      }),
    ),
});
