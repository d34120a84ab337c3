/**
 * The state trees of ietf-subscribed-notifications (RFC 8639 §3.3, §3.4)
 * as an RFC 7951 document: `streams`, every stream a subscription may name
 * (with its replay log, when it keeps one), and `subscriptions`, every
 * dynamic subscription with its terms and its one receiver (named after
 * the user who established it, `anonymous` without one) with the events
 * sent and left out. The subscription's `uri` is not listed: its key is
 * what lets an anonymous client alone open its stream. Served as the
 * module's state data (state-data-node.ts), read through NACM like any
 * module; configured subscriptions and named filters are not supported, so
 * the module takes no edits.
 */
import type { ModuleMeta } from '../../meta/meta.ts';
import type { ReplayLog } from '../../streams/index.ts';
import { SUBSCRIBED_NOTIFICATIONS as SN } from '../../streams/subscriptions/state-notification.ts';
import type { SubscriptionRegistry } from '../../streams/subscriptions/subscription-registry.ts';
import type { StateDocument } from './state-data-node.ts';
import type { StreamInfo } from './restconf-state.ts';

export interface SubscriptionStateSources {
  readonly module: ModuleMeta;
  readonly registry: SubscriptionRegistry;
  readonly replay: ReplayLog;
  /** The streams a subscription may name. */
  readonly streams: () => readonly StreamInfo[];
}

const enabled = (module: ModuleMeta, feature: string): boolean => module.features.get(feature)?.enabled === true;

export const subscriptionState = (o: SubscriptionStateSources): StateDocument => {
  const replay = enabled(o.module, 'replay');
  const xpath = enabled(o.module, 'xpath');
  const stream = (s: StreamInfo): Record<string, unknown> => {
    const created = replay ? o.replay.createdAt(s.name) : undefined;
    return { name: s.name, description: s.description, ...(created === undefined ? {} : { 'replay-support': [null], 'replay-log-creation-time': created }) };
  };
  return {
    version: () => {
      let events = 0;
      for (const s of o.registry.all()) events += s.counts.sent + s.counts.excluded;
      return `${o.registry.version} ${o.replay.version} ${events} ${o.streams().length}`;
    },
    build: () => {
      const subscriptions = [...o.registry.all()].map((s) => {
        const { xpath: filter, stop } = s.policy.value;
        return {
          id: s.id,
          stream: s.stream,
          ...(xpath && filter !== undefined ? { 'stream-xpath-filter': filter } : {}),
          ...(replay && s.replayStart !== undefined ? { 'replay-start-time': new Date(s.replayStart).toISOString() } : {}),
          ...(stop === undefined ? {} : { 'stop-time': new Date(stop).toISOString() }),
          encoding: `${SN}:encode-json`,
          receivers: { receiver: [{ name: s.owner ?? 'anonymous', 'sent-event-records': String(s.counts.sent), 'excluded-event-records': String(s.counts.excluded), state: 'active' }] },
        };
      });
      return {
        [`${SN}:streams`]: { stream: o.streams().map(stream) },
        ...(subscriptions.length === 0 ? {} : { [`${SN}:subscriptions`]: { subscription: subscriptions } }),
      };
    },
  };
};
