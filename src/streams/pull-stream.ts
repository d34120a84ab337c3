import type { SyncPullBody } from '../base/sync-pull-body.ts';
import type { FrameSink, FrameSource } from './frame-fan-out.ts';
import type { SseFrame } from './sse-frame.ts';

export interface PullStreamOptions {
  /** Event frames a subscriber may have queued; one more and it is dropped. At least 1. */
  readonly maxQueuedEvents: number;
  /** What a dropped subscriber gets instead of its queue. */
  readonly overflowFrame: SseFrame;
  /** Frames handed to the consumer, per chunk. */
  readonly onDelivered?: (events: number, comments: number) => void;
  /** A drop for overflow, with the number of event frames discarded. */
  readonly onOverflow?: (discardedEvents: number) => void;
  /** Told once when the subscriber lets go of its subscription (return, overflow, end of the source). */
  readonly onEnd?: () => void;
}

type Result = IteratorResult<string, undefined>;

/**
 * What a transport holds for one subscriber: the response body, pulled one
 * coalesced chunk at a time (`AsyncIterable<string>`, so it is a
 * `ResponseBody`), and `return()` to let go of it.
 */
export interface StreamSubscriber extends AsyncIterableIterator<string, undefined, undefined>, SyncPullBody {
  next(): Promise<Result>;
  return(): Promise<Result>;
  pullNow(): Result | undefined;
  [Symbol.asyncIterator](): StreamSubscriber;
  /** Whether the subscriber let go of its subscription (ended, dropped or returned). */
  readonly released: boolean;
}
type Waiter = (result: Result) => void;

const DONE: Result = Object.freeze({ done: true, value: undefined });

/**
 * A subscriber's side of a frame stream, consumed by pulling: joins `source`
 * at once and queues what arrives (bounded), and each `next()` resolves with
 * everything queued, coalesced into one chunk, or waits for the next frame.
 * A keep-alive comment is queued only onto an empty queue.
 *
 * Overflow: an event frame (which may carry several events) that would
 * make more than `maxQueuedEvents` wait drops the subscriber; one handed
 * straight to a waiting consumer (`next()` or `whenReady`) waits for
 * nothing. A dropped subscriber: its queue is replaced by `overflowFrame`,
 * it leaves its source at once, and after the consumer pulls that frame the
 * stream ends.
 *
 * `pullNow()` and `whenReady()` are the same queue pulled synchronously
 * (SyncPullBody): a transport that uses them writes a chunk from within the
 * event's delivery, with no Promise at all.
 *
 * `return()` releases everything at once, resolves a pending `next()` with
 * done, and may be called any number of times. The end of the source ends
 * the stream like completion (the hub turns errors into a final frame first).
 *
 * What one idle subscriber holds: this object (its queue is one string,
 * concatenated, and `options` is shared by every subscriber of a hub) and
 * its entry in the fan-out's Set. One Promise per `next()`, none per frame;
 * none with `pullNow()`.
 */
export class PullStream implements StreamSubscriber, FrameSink {
  /** Queued text: frames concatenated (frame texts are shared between subscribers; concatenation makes a rope, not a copy). */
  private queue: string;
  private queuedEvents = 0;
  private queuedComments = 0;
  private ended = false;
  private source: FrameSource | undefined;
  private waiters: Waiter[] | undefined;
  private ready: (() => void) | undefined;

  /** `opening`: text queued before any frame, the stream's first bytes (not an event, not counted). */
  constructor(
    source: FrameSource,
    private readonly options: PullStreamOptions,
    opening = '',
  ) {
    this.queue = opening;
    this.source = source;
    source.join(this);
  }

  get released(): boolean {
    return this.ended;
  }

  next(): Promise<Result> {
    const now = this.pullNow();
    if (now !== undefined) return Promise.resolve(now);
    return new Promise<Result>((resolve) => (this.waiters ??= []).push(resolve));
  }

  pullNow(): Result | undefined {
    if (this.queue.length > 0) {
      const chunk = this.queue;
      this.delivered(this.queuedEvents, this.queuedComments);
      this.clear();
      return { done: false, value: chunk };
    }
    return this.ended ? DONE : undefined;
  }

  whenReady(ready: () => void): void {
    if (this.queue.length > 0 || this.ended) ready();
    else this.ready = ready;
  }

  return(): Promise<Result> {
    this.clear();
    this.end();
    return Promise.resolve(DONE);
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  /** A frame from the source (FrameSink). */
  push(frame: SseFrame): void {
    if (this.ended) return;
    switch (frame.kind) {
      case 'event':
        if (!this.consumerWaiting() && this.queuedEvents + frame.count > this.options.maxQueuedEvents) this.overflow(frame.count);
        else this.offer(frame.text, frame.count, 0);
        return;
      case 'comment':
        if (this.queue.length === 0) this.offer(frame.text, 0, 1);
        return;
      case 'final':
        this.offer(frame.text, 0, 0);
        this.end();
        return;
    }
  }

  /** The source ended (FrameSink). */
  close(): void {
    this.end();
  }

  /** Hands `text` to a waiting `next()`, else queues it. */
  private offer(text: string, events: number, comments: number): void {
    const waiter = this.waiters?.shift();
    if (waiter !== undefined) {
      this.delivered(events, comments);
      waiter({ done: false, value: text });
      return;
    }
    this.queue = this.queue.length === 0 ? text : this.queue + text;
    this.queuedEvents += events;
    this.queuedComments += comments;
    this.wake();
  }

  /** Whether the consumer waits for the next chunk (a pending `next()` or a `whenReady`), so nothing piles up for it. */
  private consumerWaiting(): boolean {
    return (this.waiters !== undefined && this.waiters.length > 0) || this.ready !== undefined;
  }

  /** Tells the synchronous consumer, once, that `pullNow()` has an answer. */
  private wake(): void {
    const ready = this.ready;
    this.ready = undefined;
    ready?.();
  }

  private overflow(arriving: number): void {
    const discarded = this.queuedEvents + arriving;
    this.clear();
    this.queue = this.options.overflowFrame.text;
    this.options.onOverflow?.(discarded);
    this.end();
  }

  private delivered(events: number, comments: number): void {
    this.options.onDelivered?.(events, comments);
  }

  private clear(): void {
    this.queue = '';
    this.queuedEvents = 0;
    this.queuedComments = 0;
  }

  /** No more frames: leave the source; waiters (only when nothing is queued) get done. */
  private end(): void {
    if (this.ended) return;
    this.ended = true;
    this.options.onEnd?.();
    const source = this.source;
    this.source = undefined;
    source?.leave(this);
    const waiters = this.waiters;
    if (this.queue.length === 0 && waiters !== undefined) for (const waiter of waiters.splice(0)) waiter(DONE);
    this.wake();
  }
}
