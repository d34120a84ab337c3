import { isSyncPullBody, type SyncPullBody } from '../exchange.ts';

/** Where a response stream goes: one transport's write side. */
export interface BodySink {
  /** Writes one chunk; false when the transport holds it and wants no more until `writable()` settles. */
  write(chunk: string | Uint8Array): boolean;
  /** Settles when the transport can take more. */
  writable(): Promise<void>;
  /** Ends the answer. */
  end(): void;
}

/** 'ended': the stream ran out and the answer was ended; 'aborted': the client went away first. */
export type PumpOutcome = 'ended' | 'aborted';

/**
 * Pulls `body` into `sink`, one chunk at a time, and no faster than the sink
 * takes them. When `signal` fires (client gone) it calls the iterator's
 * `return()` at once, even while a pull is pending, and never touches the
 * sink again. If the stream throws, the promise rejects with its error; if
 * the sink throws, `return()` is called and the promise rejects.
 */
export const pumpBody = (
  body: AsyncIterable<string | Uint8Array>,
  sink: BodySink,
  signal: AbortSignal,
): Promise<PumpOutcome> => (isSyncPullBody(body) ? pumpSync(body, sink, signal) : pumpAsync(body, sink, signal));

/**
 * The same for a body that can be pulled synchronously: each chunk is
 * written from within the call that made it ready (`whenReady`), with no
 * Promise per chunk; only waiting for a writable socket is asynchronous.
 */
const pumpSync = (body: SyncPullBody, sink: BodySink, signal: AbortSignal): Promise<PumpOutcome> =>
  new Promise<PumpOutcome>((resolve, reject) => {
    let finished = false;
    const finish = (outcome: PumpOutcome): void => {
      if (finished) return;
      finished = true;
      signal.removeEventListener('abort', step);
      if (outcome === 'aborted') closeIterator(body);
      resolve(outcome);
    };
    function step(): void {
      try {
        while (!finished) {
          if (signal.aborted) return finish('aborted');
          const next = body.pullNow();
          if (next === undefined) return body.whenReady(step);
          if (next.done === true) {
            sink.end();
            return finish('ended');
          }
          if (next.value.length > 0 && !sink.write(next.value)) return void untilWritable(sink, signal).then(step);
        }
      } catch (error) {
        finished = true;
        signal.removeEventListener('abort', step);
        closeIterator(body);
        reject(error);
      }
    }
    signal.addEventListener('abort', step);
    step();
  });

const pumpAsync = async (
  body: AsyncIterable<string | Uint8Array>,
  sink: BodySink,
  signal: AbortSignal,
): Promise<PumpOutcome> => {
  const iterator = body[Symbol.asyncIterator]();
  let finished = false;
  const cancel = (): void => {
    if (finished) return;
    finished = true;
    closeIterator(iterator);
  };
  signal.addEventListener('abort', cancel);
  try {
    while (!signal.aborted) {
      let step: IteratorResult<string | Uint8Array>;
      try {
        step = await iterator.next();
      } catch (error) {
        finished = true;
        throw error;
      }
      if (signal.aborted) break;
      if (step.done === true) {
        finished = true;
        sink.end();
        return 'ended';
      }
      if (step.value.length === 0) continue;
      if (!sink.write(step.value)) await untilWritable(sink, signal);
    }
    cancel();
    return 'aborted';
  } catch (error) {
    cancel();
    throw error;
  } finally {
    signal.removeEventListener('abort', cancel);
  }
};

/** The client is gone: nothing can be answered, so an error from `return()` is dropped. */
const closeIterator = (iterator: { return?: () => Promise<unknown> }): void => {
  try {
    iterator.return?.().catch(ignore);
  } catch {
    // a synchronous throw from return(): same as above
  }
};

const ignore = (): void => {};

const untilWritable = (sink: BodySink, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    const go = (): void => {
      signal.removeEventListener('abort', go);
      resolve();
    };
    signal.addEventListener('abort', go);
    sink.writable().then(go, go);
  });
