import type { Observable, Subscription } from 'rxjs';
import type { SseFrame } from './sse-frame.ts';

/** One subscriber as a fan-out sees it. */
export interface FrameSink {
  /** A frame for this subscriber. */
  push(frame: SseFrame): void;
  /** The frame stream ended (its source completed, or failed after its final frame); no frame follows. */
  close(): void;
}

/** What a subscriber joins to receive frames, and leaves to stop. */
export interface FrameSource {
  join(sink: FrameSink): void;
  leave(sink: FrameSink): void;
}

export interface FanOutHooks {
  /** Runs before a subscriber joins (sends a pending burst, so the newcomer gets no frame made before it came). */
  readonly beforeJoin?: () => void;
  /** Runs once when the fan-out ends: its last subscriber left, or the frame stream ended. */
  readonly onEnd: () => void;
}

/**
 * One frame stream handed to many subscribers: subscribes to `frames` with
 * its first subscriber, hands every frame to each subscriber in one call, and
 * unsubscribes when the last one leaves (after which it is spent: the next
 * subscriber needs a new fan-out). Subscribers are held in a Set, so joining
 * and leaving cost the same with 10 or 100,000 of them (an rxjs Subject's
 * unsubscribe searches an array). A subscriber that joins while a frame is
 * being handed out starts with the next frame.
 */
export class FrameFanOut implements FrameSource {
  readonly #sinks = new Set<FrameSink>();
  readonly #frames: Observable<SseFrame>;
  readonly #hooks: FanOutHooks;
  #upstream: Subscription | undefined;
  #state: 'idle' | 'live' | 'ended' = 'idle';
  /** Nesting depth of frame deliveries in progress. */
  #delivering = 0;
  /** Joined during a delivery: added once it is over. */
  #late: FrameSink[] | undefined;

  constructor(frames: Observable<SseFrame>, hooks: FanOutHooks) {
    this.#frames = frames;
    this.#hooks = hooks;
  }

  /** Subscribers now. */
  get size(): number {
    return this.#sinks.size + (this.#late?.length ?? 0);
  }

  /** Whether the fan-out is spent (a subscriber that joins now is closed at once). */
  get ended(): boolean {
    return this.#state === 'ended';
  }

  join(sink: FrameSink): void {
    if (this.#state === 'ended') {
      sink.close();
      return;
    }
    this.#hooks.beforeJoin?.();
    if (this.#delivering > 0) (this.#late ??= []).push(sink);
    else this.#sinks.add(sink);
    if (this.#state === 'idle') this.#start();
  }

  leave(sink: FrameSink): void {
    if (!this.#sinks.delete(sink)) {
      const late = this.#late;
      const at = late === undefined ? -1 : late.indexOf(sink);
      if (at < 0) return;
      late?.splice(at, 1);
    }
    if (this.size === 0 && this.#state === 'live') this.#stop();
  }

  #start(): void {
    this.#state = 'live';
    const subscription = this.#frames.subscribe({
      next: (frame) => this.#deliver(frame),
      error: () => this.#close(),
      complete: () => this.#close(),
    });
    // the frame stream may have ended, or every subscriber left, within subscribe()
    if (this.ended) subscription.unsubscribe();
    else this.#upstream = subscription;
  }

  #deliver(frame: SseFrame): void {
    this.#delivering += 1;
    try {
      for (const sink of this.#sinks) sink.push(frame);
    } finally {
      this.#delivering -= 1;
      if (this.#delivering === 0) this.#admitLate();
    }
  }

  #admitLate(): void {
    const late = this.#late;
    if (late === undefined) return;
    this.#late = undefined;
    for (const sink of late) this.#sinks.add(sink);
  }

  /** The last subscriber left. */
  #stop(): void {
    this.#state = 'ended';
    const upstream = this.#upstream;
    this.#upstream = undefined;
    upstream?.unsubscribe();
    this.#hooks.onEnd();
  }

  /** The frame stream ended: every subscriber is told, then forgotten. */
  #close(): void {
    if (this.#state === 'ended') return;
    this.#state = 'ended';
    this.#upstream = undefined;
    this.#hooks.onEnd();
    this.#admitLate();
    const sinks = [...this.#sinks];
    this.#sinks.clear();
    for (const sink of sinks) sink.close();
  }
}
