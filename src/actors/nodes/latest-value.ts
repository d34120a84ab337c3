/**
 * The latest value of an Observable, for reads that must never wait. The
 * source is subscribed once, at the first read, and the subscription is
 * kept (however many requests read) until `close()`; until the first value
 * there is none. After the source completes the last value stays; after it
 * fails, reads fail with its error. `close()` unsubscribes for good.
 */
import type { Observable, Subscription } from 'rxjs';

type State<T> =
  | { readonly kind: 'idle' | 'waiting' | 'closed' }
  | { readonly kind: 'value'; readonly value: T }
  | { readonly kind: 'failed'; readonly error: unknown };

export class LatestValue<T> {
  private state: State<T> = { kind: 'idle' };
  private sub: Subscription | undefined;

  constructor(private readonly source: Observable<T>) {}

  /** The latest value, subscribing at the first call; undefined before the first value or after close. */
  current(): T | undefined {
    if (this.state.kind === 'idle') this.connect();
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
