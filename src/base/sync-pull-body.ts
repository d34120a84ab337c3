/**
 * A stream body that can also be pulled synchronously (an event stream):
 * adapters that see `pullNow` write each chunk the moment it is ready, from
 * within the producer's call, with no Promise per chunk. Same chunks, same
 * end, same `return()` as pulling it as an AsyncIterable.
 */
export interface SyncPullBody extends AsyncIterable<string | Uint8Array> {
  /** The next chunk if one is ready, `done` once ended and drained, undefined when nothing is ready yet. */
  pullNow(): IteratorResult<string | Uint8Array, undefined> | undefined;
  /** Calls `ready` once, as soon as `pullNow()` would answer (at once if it would now). */
  whenReady(ready: () => void): void;
  /** Lets go of the stream, as an iterator's `return()`. */
  return(): Promise<IteratorResult<string | Uint8Array, undefined>>;
}

export const isSyncPullBody = (body: AsyncIterable<string | Uint8Array>): body is SyncPullBody =>
  typeof (body as Partial<SyncPullBody>).pullNow === 'function';
