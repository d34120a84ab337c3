/**
 * The latest value of an Observable, for reads that must never wait. The
 * source is subscribed once, at the first read, and the subscription is
 * kept (however many requests read) until `close()`; until the first value
 * there is none. After the source completes the last value stays; after it
 * fails, reads fail with its error. `close()` unsubscribes for good;
 * `release()` unsubscribes until the next read (what a closing server does
 * with every one its requests subscribed: it is handed to `holder` then).
 */
import type { Observable, Subscription } from 'rxjs';
import type { Holdings, Releasable } from '../holdings.ts';

type State<T> =
  | { readonly kind: 'idle' | 'waiting' | 'closed' }
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'failed'; readonly error: unknown };

export class LatestValue<T> implements Releasable {
  private state: State<T> = { kind: 'idle' };
  private sub: Subscription | undefined;

  constructor(private readonly source: Observable<T>) {}

  /** The latest value, subscribing at the first call (held by `holder` until it releases it); undefined before the first value or after close. */
  current(holder?: Holdings): T | undefined {
    if (this.state.kind === 'idle') this.connect();
    if (holder !== undefined && this.sub !== undefined && !holder.has(this)) holder.hold(this);
    const s = this.state;
    if (s.kind === 'failed') throw s.error;
    return s.kind === 'value' ? s.value : undefined;
  }

  /** Whether the source is subscribed now. */
  get subscribed(): boolean {
    return this.sub !== undefined && !this.sub.closed;
  }

  close(): void {
    this.state = { kind: 'closed' };
    this.sub?.unsubscribe();
    this.sub = undefined;
  }

  /** Unsubscribes and forgets the value; the next read subscribes again. */
  release(): void {
    if (this.state.kind === 'closed') return;
    this.state = { kind: 'idle' };
    const sub = this.sub;
    this.sub = undefined;
    sub?.unsubscribe();
  }

  private connect(): void {
    this.state = { kind: 'waiting' };
    const sub = this.source.subscribe({
      next: (value) => {
        if (this.state.kind !== 'closed') this.state = { kind: 'value', value };
      },
      error: (error: unknown) => {
        if (this.state.kind !== 'closed') this.state = { kind: 'failed', error };
      },
    });
    if (this.state.kind === 'closed') sub.unsubscribe();
    else this.sub = sub;
  }
}
