/**
 * The subscription state notifications of RFC 8639 §2.7 that a dynamic
 * subscription receives on its own event stream: `subscription-modified`
 * (after modify-subscription), `subscription-terminated` (ended by
 * kill-subscription) and `replay-completed` (after the replayed events).
 * Strict mode sends them as any notification, in the RFC 8040 §6.4
 * wrapper; default mode as `{"<name>": {...}}`, so that a client tells
 * them from the stream's bare events. They pass every filter.
 */
import type { StreamEvent } from '../stream-event.ts';

export const SUBSCRIBED_NOTIFICATIONS = 'ietf-subscribed-notifications';

export type StateNotificationName = 'subscription-modified' | 'subscription-terminated' | 'replay-completed';

type Leaves = Readonly<Record<string, string | number>>;

/**
 * A state notification with `leaves`; `identities` are identityref leaves,
 * module-qualified in strict mode (RFC 7951 §6.8), bare in default mode.
 */
export const stateNotification = (name: StateNotificationName, leaves: Leaves, identities: Readonly<Record<string, string>> = {}): StreamEvent => {
  const qualified = Object.fromEntries(Object.entries(identities).map(([k, v]) => [k, `${SUBSCRIBED_NOTIFICATIONS}:${v}`]));
  return {
    time: new Date(),
    state: true,
    content: () => ({ [`${SUBSCRIBED_NOTIFICATIONS}:${name}`]: { ...leaves, ...qualified } }),
    plain: () => ({ [name]: { ...leaves, ...identities } }),
  };
};
