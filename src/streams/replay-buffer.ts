/**
 * The replay buffer of one event stream (RFC 8040 §6.3): the newest events,
 * at most `maxEvents` of them and none older than `maxAgeMs`, in the order
 * they came. `maxEvents` 0 keeps nothing.
 */
import type { StreamEvent } from './stream-event.ts';

export interface ReplayLimits {
  readonly maxEvents: number;
  readonly maxAgeMs: number;
}

export class ReplayBuffer {
  private events: StreamEvent[] = [];
  private head = 0;

  constructor(private readonly limits: () => ReplayLimits, private readonly now: () => number = Date.now) {}

  get size(): number {
    return this.events.length - this.head;
  }

  push(event: StreamEvent): void {
    this.events.push(event);
    this.trim();
  }

  /** The events from `start` (inclusive) to `stop` (inclusive, when given), in order. */
  between(start: number, stop: number | undefined): StreamEvent[] {
    this.trim();
    const out: StreamEvent[] = [];
    for (let i = this.head; i < this.events.length; i++) {
      const t = (this.events[i] as StreamEvent).time.getTime();
      if (t >= start && (stop === undefined || t <= stop)) out.push(this.events[i] as StreamEvent);
    }
    return out;
  }

  private trim(): void {
    const { maxEvents, maxAgeMs } = this.limits();
    const oldest = this.now() - maxAgeMs;
    while (this.size > maxEvents || (this.size > 0 && (this.events[this.head] as StreamEvent).time.getTime() < oldest)) this.head += 1;
    if (this.head > 1024 && this.head * 2 > this.events.length) {
      this.events = this.events.slice(this.head);
      this.head = 0;
    }
  }
}
