/**
 * The live events of a stream the server lists, by its name: a top-level
 * notification `module:notification` (read as `context` may; waiting for a
 * source when none is registered yet) or a module's change stream
 * `module/changes`.
 */
import { filter, retry, take, type Observable } from 'rxjs';
import type { Device } from '../../actors/device.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import type { NotificationMeta } from '../../meta/meta.ts';
import { changeSource, notificationEvents } from '../event-sources.ts';
import type { StreamEvent } from '../stream-event.ts';

export const streamSource = (
  device: Device, name: string, context: RequestContext, added: Observable<NotificationMeta>,
): (() => Observable<StreamEvent>) | undefined => {
  const changes = /^([^:/]+)\/changes$/.exec(name);
  if (changes !== null) {
    const browser = device.browser(changes[1] ?? '');
    return browser === undefined ? undefined : changeSource(browser);
  }
  const colon = name.indexOf(':');
  const browser = colon > 0 ? device.browser(name.slice(0, colon)) : undefined;
  const meta = browser?.module.notifications.find((n) => n.name === name.slice(colon + 1));
  if (browser === undefined || meta === undefined) return undefined;
  const open = notificationEvents(browser, [{ meta }], context, 'local');
  return () => open().pipe(retry({ delay: () => added.pipe(filter((m) => m === meta), take(1)) }));
};
