/**
 * The time of day (ms since the epoch, as Date.now()) of a
 * `performance.now()` reading a caller already made: the access log reads
 * the clock once at an answer for both its duration and its line's time.
 * The difference between the two clocks is read again every 100 ms of the
 * monotonic one (from the reading given and Date.now()), so a step of the
 * system clock shows within that.
 */
import { performance } from 'node:perf_hooks';

const RESYNC_MS = 100;

/** performance.now() + offset is the time of day; Date.now() is whole ms, so the middle of its ms is taken. */
let syncedAt = performance.now();
let offset = Date.now() + 0.5 - syncedAt;

/** Date.now() as of `monotonic`, a performance.now() reading just made (when the clocks' difference is due, it is taken as made with Date.now()). */
export const wallTimeAt = (monotonic: number): number => {
  if (monotonic - syncedAt >= RESYNC_MS) {
    // the reading was made just before: taken as made with this one
    syncedAt = monotonic;
    offset = Date.now() + 0.5 - monotonic;
  }
  return Math.floor(monotonic + offset);
};
