/**
 * Dynamic subscriptions (RFC 8639 over RESTCONF, RFC 8650) for a server
 * that serves ietf-subscribed-notifications: the handlers of its rpcs and
 * the resource of each subscription's event stream, over the streams the
 * server lists (restconf-state), the event hub and the replay logs.
 */
import { EMPTY, type Observable } from 'rxjs';
import type { Device } from '../../actors/device.ts';
import type { Node } from '../../actors/node.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import type { NotificationMeta, OperationMeta, SchemaContext } from '../../meta/meta.ts';
import type { EventHub, ReplayLog, StreamEvent } from '../../streams/index.ts';
import { streamSource } from '../../streams/subscriptions/stream-source.ts';
import { subscriptionEvents } from '../../streams/subscriptions/subscription-events.ts';
import { SUBSCRIBED_NOTIFICATIONS } from '../../streams/subscriptions/state-notification.ts';
import { subscriptionOperations, type SubscriptionHandler } from '../../streams/subscriptions/subscription-operations.ts';
import { SubscriptionRegistry, type DynamicSubscription } from '../../streams/subscriptions/subscription-registry.ts';
import type { SubscriptionRouting } from '../../streams/subscriptions/subscription-routing.ts';
import type { CoreRequest, Handler } from '../exchange.ts';
import { stateDataRoot } from './state-data-node.ts';
import { streamList } from './stream-list.ts';
import { subscriptionState } from './subscription-state.ts';
import { withSubscriptionResource } from './subscription-resource.ts';

export interface DynamicSubscriptionsOptions {
  readonly schema: SchemaContext;
  readonly device: Device;
  readonly hub: EventHub<StreamEvent>;
  readonly replay: ReplayLog;
  readonly added: Observable<NotificationMeta>;
  /** The base URL of the request a context is of (contextBaseUrl), for subscription URIs. */
  readonly base: (context: RequestContext) => string;
  readonly closing: Observable<void>;
  readonly ownerOf: (req: CoreRequest) => string | undefined;
  /** With NACM on, change streams are not offered (their events are not yet cut to each subscriber's rights). */
  readonly nacm: boolean;
  /** On a cluster replica: what makes ids unique across replicas and sends calls to a subscription's owner (made when the module is served). */
  readonly routing?: () => SubscriptionRouting;
}

export interface DynamicSubscriptions {
  readonly operations: ReadonlyMap<OperationMeta, SubscriptionHandler>;
  /** `core` with `{+restconf}/subscriptions/<id>` answered in front of it. */
  readonly wrap: (core: Handler) => Handler;
  /** The module's root: its `streams` and `subscriptions` state trees. */
  readonly root: () => Node;
  readonly close: () => void;
}

export const dynamicSubscriptions = (o: DynamicSubscriptionsOptions): DynamicSubscriptions | undefined => {
  const module = o.schema.modules.get(SUBSCRIBED_NOTIFICATIONS);
  if (module?.implemented !== true) return undefined;
  const registry = new SubscriptionRegistry();
  const routing = o.routing?.();
  const live = (s: DynamicSubscription): Observable<StreamEvent> => streamSource(o.device, s.stream, s.context, o.added)?.() ?? EMPTY;
  const available = (name: string): boolean => !(o.nacm && name.endsWith('/changes')) && streamSource(o.device, name, {}, o.added) !== undefined;
  const operations = subscriptionOperations({
    schema: o.schema,
    device: o.device,
    registry,
    streams: () => streamList(o.device, '').map((s) => s.name),
    available,
    replay: o.replay,
    base: o.base,
    added: o.added,
    ...(routing === undefined ? {} : { routing }),
  });
  const resource = { registry, hub: o.hub, events: subscriptionEvents(o.replay, live), ownerOf: o.ownerOf, closing: o.closing };
  const root = stateDataRoot(module, o.schema, subscriptionState({ module, registry, replay: o.replay, streams: () => streamList(o.device, '').filter((s) => available(s.name)) }));
  return { operations, wrap: (core) => withSubscriptionResource(core, resource), root, close: () => {
    registry.close();
    routing?.close();
  } };
};
