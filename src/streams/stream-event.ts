/**
 * What flows through the event hub: one notification or data change, with
 * its two JSON forms computed at most once each, whatever the number of
 * subscribers and filters.
 */
import type { ChangeEvent } from '../actors/change-event.ts';
import type { NotificationEvent } from '../actors/operations/index.ts';
import { encodeData } from '../data/json/index.ts';
import type { NotificationMeta } from '../meta/meta.ts';

export interface StreamEvent {
  readonly time: Date;
  /** RFC 7951 JSON of the event element(s), e.g. `{"mod:alarm": {...}}`: what strict mode wraps and filters see. */
  readonly content: () => Record<string, unknown>;
  /** The bare content default mode sends: the notification's leaves as an object. */
  readonly plain: () => unknown;
  /** A subscription state notification (RFC 8639 §2.7): it passes its subscription's filter and stop-time. */
  readonly state?: boolean;
}

const once = <T>(make: () => T): (() => T) => {
  let made = false;
  let value: T;
  return () => {
    if (!made) {
      value = make();
      made = true;
    }
    return value;
  };
};

/**
 * A notification event; `wrap` puts the notification element inside its
 * ancestors for nested notifications (RFC 7950 §7.16.2).
 */
export const notificationEvent = (
  ev: NotificationEvent,
  meta: NotificationMeta,
  wrap: (element: Record<string, unknown>) => Record<string, unknown> = (e) => e,
): StreamEvent => ({
  time: ev.time,
  content: once(() => wrap({ [`${meta.module.name}:${meta.name}`]: encodeData(ev.data, { strict: true }) })),
  plain: once(() => encodeData(ev.data, { strict: false })),
});

let patchIds = 0;

/** A committed change as RFC 8641 push-change-update (one yang-patch edit); plain: target, operation, value (in the simplified form). */
export const changeEvent = (c: ChangeEvent): StreamEvent => {
  const id = String((patchIds += 1));
  const value = c.value === undefined ? {} : { value: c.value };
  const plainValue = c.value === undefined ? {} : { value: c.plainValue ?? c.value };
  return {
    time: new Date(c.time),
    content: once(() => ({
      'ietf-yang-push:push-change-update': {
        'datastore-changes': {
          'yang-patch': { 'patch-id': id, edit: [{ 'edit-id': '1', operation: c.operation, target: c.target, ...value }] },
        },
      },
    })),
    plain: once(() => ({ target: c.target, operation: c.operation, ...plainValue })),
  };
};
