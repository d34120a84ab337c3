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
import type { EventFilter } from '../shared-sources.ts';
import type { StreamEvent } from '../stream-event.ts';

export interface SubscriptionPolicy {
  readonly filter: EventFilter<StreamEvent> | undefined;
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
  /** Whether its event stream was opened (it may be opened once). */
  opened: boolean;
}

/** A subscription whose event stream is not opened this long after it was established is deleted (RFC 8650 §3.4 leaves the time to the server). */
export const OPEN_WITHIN_MS = 60_000;

export class SubscriptionRegistry {
  private readonly subscriptions = new Map<number, DynamicSubscription>();
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private lastId = 0;

  establish(context: RequestContext, stream: string, replayStart: number | undefined, policy: SubscriptionPolicy): DynamicSubscription {
    const s: DynamicSubscription = {
      id: (this.lastId += 1), owner: context.user, key: randomBytes(16).toString('hex'), context: { user: context.user, roles: context.roles }, stream, replayStart, policy: new BehaviorSubject(policy), ended: new Subject<void>(), opened: false,
    };
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

  modify(s: DynamicSubscription, policy: SubscriptionPolicy): void {
    s.policy.next(policy);
    this.schedule(s);
  }

  end(id: number): boolean {
    const s = this.subscriptions.get(id);
    if (s === undefined) return false;
    this.subscriptions.delete(id);
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    s.ended.next();
    s.ended.complete();
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
