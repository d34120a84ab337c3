/**
 * The replay logs of a server's event streams, by stream name: each
 * records its stream's source from the moment it is started, whether or not
 * anyone subscribes, into a bounded ReplayBuffer, and hands each event to
 * its live subscribers right after keeping it.
 *
 * A replaying subscriber takes the kept events and joins the live ones in
 * one synchronous step, so no event falls between the two and none is sent
 * twice; events that reach the log after the subscriber joined but are
 * older than its `start-time` (a replica's log still loading the kept
 * events of the cluster) are not sent; `stop-time` ends its stream (at once when it has passed, else at
 * the first later event or when the time comes).
 */
import { concat, defer, filter, from, of, Subject, takeUntil, takeWhile, timer, type Observable, type Subscription } from 'rxjs';
import { ReplayBuffer, type ReplayLimits } from './replay-buffer.ts';
import type { ReplayWindow } from './replay-window.ts';
import type { StreamEvent } from './stream-event.ts';

interface Recorder {
  readonly buffer: ReplayBuffer;
  readonly live: Subject<StreamEvent>;
  readonly created: Date;
  readonly subscription: Subscription;
}

export class ReplayLog {
  private readonly recorders = new Map<string, Recorder>();
  /** Changes whenever a log is started or stopped. */
  version = 0;

  constructor(private readonly limits: () => ReplayLimits, private readonly now: () => number = Date.now) {}

  /** Starts keeping the events of `source` as the stream `name` (a second call for a name is ignored). */
  record(name: string, source: Observable<StreamEvent>): void {
    if (this.recorders.has(name)) return;
    const buffer = new ReplayBuffer(this.limits, this.now);
    const live = new Subject<StreamEvent>();
    const subscription = source.subscribe({
      next: (event) => {
        buffer.push(event);
        live.next(event);
      },
      error: () => this.stop(name),
      complete: () => this.stop(name),
    });
    if (subscription.closed) return;
    this.recorders.set(name, { buffer, live, created: new Date(this.now()), subscription });
    this.version += 1;
  }

  /** When the stream's log was created (RFC 3339), when it keeps one. */
  createdAt(name: string): string | undefined {
    return this.recorders.get(name)?.created.toISOString();
  }

  /**
   * The stream's kept events in the window, then `completed()` when given
   * (RFC 8639 replay-completed), then its live events until stop-time;
   * undefined when it keeps no log.
   */
  replay(name: string, window: ReplayWindow, completed?: () => StreamEvent): Observable<StreamEvent> | undefined {
    const r = this.recorders.get(name);
    if (r === undefined) return undefined;
    const { start, stop } = window;
    return defer(() => {
      const events = from(r.buffer.between(start, stop));
      const kept = completed === undefined ? events : concat(events, defer(() => of(completed())));
      // a log still loading kept events (a replica reading the cluster's) hands them on as they come: none before start-time
      const live = r.live.pipe(filter((e) => e.time.getTime() >= start));
      if (stop === undefined) return concat(kept, live);
      const left = stop - this.now();
      if (left < 0) return kept;
      return concat(kept, live.pipe(takeWhile((e) => e.time.getTime() <= stop), takeUntil(timer(left + 1))));
    });
  }

  /** Stops every log (the server closes). */
  close(): void {
    for (const name of [...this.recorders.keys()]) this.stop(name);
  }

  private stop(name: string): void {
    const r = this.recorders.get(name);
    if (r === undefined) return;
    this.recorders.delete(name);
    r.subscription.unsubscribe();
    r.live.complete();
    this.version += 1;
  }
}
