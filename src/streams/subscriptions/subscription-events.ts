/**
 * The events a dynamic subscription sends: its stream's kept events from
 * replay-start-time then the live ones (the replay log), or the live ones
 * alone, through its current filter and up to its current stop-time
 * (modify-subscription changes both while it runs).
 */
import { filter, type Observable } from 'rxjs';
import type { ReplayLog } from '../replay-log.ts';
import type { StreamEvent } from '../stream-event.ts';
import type { DynamicSubscription } from './subscription-registry.ts';

export const subscriptionEvents = (replay: ReplayLog, live: (s: DynamicSubscription) => Observable<StreamEvent>) => (s: DynamicSubscription): Observable<StreamEvent> => {
  const start = s.replayStart;
  const source = start === undefined ? live(s) : replay.replay(s.stream, { start, stop: s.policy.value.stop }) ?? live(s);
  return source.pipe(filter((e) => {
    const { stop, filter: f } = s.policy.value;
    return (stop === undefined || e.time.getTime() <= stop) && (f === undefined || f.test(e));
  }));
};
