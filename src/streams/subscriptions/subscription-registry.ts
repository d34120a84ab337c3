/**
 * The dynamic subscriptions of a server (RFC 8639 §2.4): each with its
 * owner (the user who established it), its stream, filter and window, and
 * a signal that ends it (delete, kill, stop-time, its event stream closed).
 * Its event stream's URI holds a key of 128 random bits besides the id, so
 * that a subscription cannot be opened by guessing (ids count from 1, and
 * every anonymous client is the same "user").
 */
import { randomBytes } from 'node:crypto';
import { BehaviorSubject, Subject } from 'rxjs';
import type { RequestContext } from '../../actors/request-context.ts';
import { identityOf, readingScope } from '../../actors/request-scope.ts';
import type { EventFilter } from '../shared-sources.ts';
import type { StreamEvent } from '../stream-event.ts';
import { stateNotification } from './state-notification.ts';

export interface SubscriptionPolicy {
  readonly filter: EventFilter<StreamEvent> | undefined;
  /** The filter's text, as given (stream-xpath-filter). */
  readonly xpath: string | undefined;
  /** Events after it are not sent; the subscription ends at it. */
  readonly stop: number | undefined;
}

export interface DynamicSubscription {
  readonly id: number;
  readonly owner: string | undefined;
  /** The secret part of its event stream's URI. */
  readonly key: string;
  /** Who reads the stream's events: the owner's user and roles (NACM). */
  readonly context: RequestContext;
  readonly stream: string;
  readonly replayStart: number | undefined;
  readonly policy: BehaviorSubject<SubscriptionPolicy>;
  /** Emits once when the subscription ends. */
  readonly ended: Subject<void>;
  /** Its state notifications (subscription-modified, -terminated), sent on its event stream. */
  readonly state: Subject<StreamEvent>;
  /** Events sent to its receiver, and events its filter or stop-time left out. */
  readonly counts: { sent: number; excluded: number };
  /** Whether its event stream was opened (it may be opened once). */
  opened: boolean;
}

/** A subscription whose event stream is not opened this long after it was established is deleted (RFC 8650 §3.4 leaves the time to the server). */
export const OPEN_WITHIN_MS = 60_000;

/** What subscription-modified tells: the id and the subscription's terms now. */
const modifiedLeaves = (s: DynamicSubscription): Record<string, string | number> => {
  const { xpath, stop } = s.policy.value;
  return {
    id: s.id,
    stream: s.stream,
    ...(xpath === undefined ? {} : { 'stream-xpath-filter': xpath }),
    ...(s.replayStart === undefined ? {} : { 'replay-start-time': new Date(s.replayStart).toISOString() }),
    ...(stop === undefined ? {} : { 'stop-time': new Date(stop).toISOString() }),
  };
};

export class SubscriptionRegistry {
  private readonly subscriptions = new Map<number, DynamicSubscription>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private lastId = 0;
  /** Changes whenever a subscription is established, modified or ended. */
  version = 0;

  /** A new subscription, numbered `id` (unique across replicas: subscription-routing.ts) or by this registry's counter. */
  establish(context: RequestContext, stream: string, replayStart: number | undefined, policy: SubscriptionPolicy, id?: number): DynamicSubscription {
    const s: DynamicSubscription = {
      id: id ?? (this.lastId += 1), owner: context.user, key: randomBytes(16).toString('hex'), context: readingScope(identityOf(context)), stream, replayStart, policy: new BehaviorSubject(policy), ended: new Subject<void>(), state: new Subject<StreamEvent>(), counts: { sent: 0, excluded: 0 }, opened: false,
    };
    this.version += 1;
    this.subscriptions.set(s.id, s);
    this.schedule(s);
    setTimeout(() => {
      if (!s.opened) this.end(s.id);
    }, OPEN_WITHIN_MS).unref?.();
    return s;
  }

  /** The path of its event stream below the RESTCONF root. */
  static path(s: DynamicSubscription): string {
    return `/subscriptions/${s.id}/${s.key}`;
  }

  get(id: number): DynamicSubscription | undefined {
    return this.subscriptions.get(id);
  }

  /** Every subscription, in the order they were established. */
  all(): IterableIterator<DynamicSubscription> {
    return this.subscriptions.values();
  }

  /** New terms, told to the receiver with subscription-modified (RFC 8639 §2.4.3). */
  modify(s: DynamicSubscription, policy: SubscriptionPolicy): void {
    s.policy.next(policy);
    this.schedule(s);
    this.version += 1;
    s.state.next(stateNotification('subscription-modified', modifiedLeaves(s)));
  }

  /**
   * Ends the subscription and its event stream; `killed`: by
   * kill-subscription, told to the receiver with subscription-terminated
   * (reason no-such-subscription, RFC 8639 §2.4.5) as its last event.
   */
  end(id: number, killed = false): boolean {
    const s = this.subscriptions.get(id);
    if (s === undefined) return false;
    if (killed) s.state.next(stateNotification('subscription-terminated', { id }, { reason: 'no-such-subscription' }));
    this.subscriptions.delete(id);
    this.version += 1;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    s.ended.next();
    s.ended.complete();
    s.state.complete();
    s.policy.complete();
    return true;
  }

  close(): void {
    for (const id of [...this.subscriptions.keys()]) this.end(id);
  }

  private schedule(s: DynamicSubscription): void {
    clearTimeout(this.timers.get(s.id));
    this.timers.delete(s.id);
    const stop = s.policy.value.stop;
    if (stop === undefined || stop <= Date.now()) return; // a past stop-time ends a replay when it is sent
    const timer = setTimeout(() => this.end(s.id), Math.max(0, stop - Date.now()) + 1);
    timer.unref?.();
    this.timers.set(s.id, timer);
  }
}
