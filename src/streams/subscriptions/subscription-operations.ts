/**
 * The rpcs of dynamic subscriptions (RFC 8639 §2.4, over RESTCONF RFC
 * 8650): establish-subscription (a listed stream, an XPath filter,
 * replay-start-time, stop-time; answers the id and the URI to GET),
 * modify-subscription (filter, stop-time), delete-subscription (by its
 * owner) and kill-subscription (anyone NACM lets run it). Errors carry the
 * RFC 8639 identity as error-app-tag.
 */
import type { Device } from '../../actors/device.ts';
import type { RequestContext } from '../../actors/request-context.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { NotificationMeta, OperationMeta, SchemaContext } from '../../meta/meta.ts';
import type { Observable } from 'rxjs';
import { compileEventFilter } from '../event-filter.ts';
import type { ReplayLog } from '../replay-log.ts';
import { replayWindow } from '../replay-window.ts';
import type { EventFilter } from '../shared-sources.ts';
import type { StreamEvent } from '../stream-event.ts';
import { SUBSCRIBED_NOTIFICATIONS as SN } from './state-notification.ts';
import { SubscriptionRegistry } from './subscription-registry.ts';
import type { RoutedOperation, SubscriptionRouting } from './subscription-routing.ts';

type Json = Record<string, unknown>;
/** What an rpc handler is given and answers (plain JSON, as the application API's handlers). */
export type SubscriptionHandler = (call: { readonly input: Json | undefined; readonly context: RequestContext }) => Json | undefined | Promise<Json | undefined>;

export interface SubscriptionOptions {
  readonly schema: SchemaContext;
  readonly device: Device;
  readonly registry: SubscriptionRegistry;
  /** The names of the streams the server lists. */
  readonly streams: () => readonly string[];
  /** Whether a stream's live events can be had for a subscriber (a known stream that NACM does not hide). */
  readonly available: (stream: string) => boolean;
  readonly replay: ReplayLog;
  /** The server's URL, for the subscription's `uri`. */
  readonly base: (context: RequestContext) => string;
  readonly added: Observable<NotificationMeta>;
  /** On a cluster replica: ids unique across replicas, calls of other replicas' subscriptions sent to them. */
  readonly routing?: SubscriptionRouting;
}

/** Refuses with an RFC 8639 identity as the error-app-tag. */
const refuse = (identity: string, message: string, tag: 'invalid-value' | 'operation-failed' = 'invalid-value'): never => {
  throw new RestconfFailure([restconfError(tag, message, { type: 'application', appTag: `${SN}:${identity}` })]);
};

const idOf = (input: Json | undefined): number => Number(input?.['id']);

const filterOf = (o: SubscriptionOptions, input: Json | undefined): EventFilter<StreamEvent> | undefined => {
  if (input?.['stream-filter-name'] !== undefined || input?.['stream-subtree-filter'] !== undefined) {
    return refuse('filter-unsupported', 'only stream-xpath-filter is supported');
  }
  const text = input?.['stream-xpath-filter'];
  if (text === undefined) return undefined;
  const c = compileEventFilter(String(text), o.device.modules);
  return c.ok ? c.filter : refuse('filter-unsupported', `stream-xpath-filter: ${c.message}`);
};

const xpathOf = (input: Json | undefined): string | undefined => {
  const text = input?.['stream-xpath-filter'];
  return text === undefined ? undefined : String(text);
};

const timeOf = (name: string, text: unknown): number | undefined => {
  if (text === undefined) return undefined;
  const t = Date.parse(String(text));
  return Number.isNaN(t) ? refuse('stream-unavailable', `${name} is not a date-and-time`) : t;
};

/**
 * The subscription `id` when the request's user owns it. A subscription
 * of no authenticated user (anonymous clients are all one "user") is ended
 * by closing its event stream only: nothing proves who established it.
 */
const ownedBy = (o: SubscriptionOptions, id: number, user: string | undefined) => {
  const s = o.registry.get(id);
  if (s === undefined || s.owner !== user) return refuse('no-such-subscription', `no subscription ${id} of this client`);
  if (s.owner === undefined || s.owner === 'anonymous') return refuse('no-such-subscription', `subscription ${id} was established anonymously: it ends when its event stream is closed`);
  return s;
};

export const subscriptionOperations = (o: SubscriptionOptions): Map<OperationMeta, SubscriptionHandler> => {
  const module = o.schema.modules.get(SN);
  const handlers = new Map<OperationMeta, SubscriptionHandler>();
  const rpc = (name: string, handler: SubscriptionHandler): void => {
    const meta = module?.rpcs.find((r) => r.name === name);
    if (meta !== undefined) handlers.set(meta, handler);
  };

  rpc('establish-subscription', ({ input, context }) => {
    const stream = String(input?.['stream'] ?? '');
    if (!o.streams().includes(stream) || !o.available(stream)) return refuse('stream-unavailable', `no stream "${stream}" is available`);
    const encoding = input?.['encoding'];
    if (encoding !== undefined && !/(^|:)encode-json$/.test(String(encoding))) return refuse('encoding-unsupported', 'only encode-json is supported');
    const filter = filterOf(o, input);
    const startText = input?.['replay-start-time'];
    const stopText = input?.['stop-time'];
    const window = replayWindow(startText === undefined ? undefined : String(startText), undefined, Date.now());
    if (typeof window === 'string') return refuse('replay-unsupported', window);
    const stop = timeOf('stop-time', stopText);
    if (stop !== undefined && stop <= (window?.start ?? Date.now())) return refuse('stream-unavailable', 'stop-time must be after replay-start-time, or in the future');
    let revision: string | undefined;
    if (window !== undefined) {
      const created = o.replay.createdAt(stream);
      if (created === undefined) return refuse('replay-unsupported', `stream "${stream}" keeps no replay log`);
      if (window.start < Date.parse(created)) revision = created;
    }
    const answer = (id?: number): Json => {
      const s = o.registry.establish(context, stream, window?.start, { filter, xpath: xpathOf(input), stop }, id);
      return { id: s.id, ...(revision === undefined ? {} : { 'replay-start-time-revision': revision }), uri: `${o.base(context)}/restconf${SubscriptionRegistry.path(s)}` };
    };
    return o.routing === undefined ? answer() : o.routing.newId().then(answer);
  });

  /** modify-, delete- and kill-subscription of a subscription of this replica. */
  const local: Record<RoutedOperation, (input: Json | undefined, user: string | undefined) => void> = {
    'modify-subscription': (input, user) => {
      const s = ownedBy(o, idOf(input), user);
      const current = s.policy.value;
      const stop = input?.['stop-time'] === undefined ? current.stop : timeOf('stop-time', input['stop-time']);
      const changed = input?.['stream-xpath-filter'] !== undefined || input?.['stream-filter-name'] !== undefined || input?.['stream-subtree-filter'] !== undefined;
      o.registry.modify(s, changed ? { filter: filterOf(o, input), xpath: xpathOf(input), stop } : { ...current, stop });
    },
    'delete-subscription': (input, user) => {
      o.registry.end(ownedBy(o, idOf(input), user).id);
    },
    'kill-subscription': (input) => {
      if (!o.registry.end(idOf(input), true)) refuse('no-such-subscription', `no subscription ${idOf(input)}`);
    },
  };
  const routing = o.routing;
  routing?.serve((call) => local[call.operation](call.input, call.user));
  for (const operation of Object.keys(local) as RoutedOperation[]) {
    rpc(operation, ({ input, context }) => {
      const id = idOf(input);
      if (routing === undefined || o.registry.get(id) !== undefined || !Number.isSafeInteger(id)) {
        local[operation](input, context.user);
        return undefined;
      }
      // another replica's subscription (or none): its owner answers
      return routing.forward(id, { operation, input, user: context.user }).then((found) => {
        if (!found) refuse('no-such-subscription', `no subscription ${id}${operation === 'kill-subscription' ? '' : ' of this client'}`);
        return undefined;
      });
    });
  }
  return handlers;
};
