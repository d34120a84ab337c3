/**
 * The events a dynamic subscription sends: its stream's kept events from
 * replay-start-time, `replay-completed`, then the live ones (the replay
 * log), or the live ones alone, through its current filter and up to its
 * current stop-time (modify-subscription changes both while it runs); its
 * state notifications (subscription-modified, -terminated) beside them,
 * unfiltered. Each event sent or filtered out is counted on the
 * subscription (its receiver's sent- and excluded-event-records).
 */
import { filter, Observable } from 'rxjs';
import type { ReplayLog } from '../replay-log.ts';
import type { StreamEvent } from '../stream-event.ts';
import { stateNotification } from './state-notification.ts';
import type { DynamicSubscription } from './subscription-registry.ts';

export const subscriptionEvents = (replay: ReplayLog, live: (s: DynamicSubscription) => Observable<StreamEvent>) => (s: DynamicSubscription): Observable<StreamEvent> => {
  const start = s.replayStart;
  const completed = (): StreamEvent => stateNotification('replay-completed', { id: s.id });
  const source = start === undefined ? live(s) : replay.replay(s.stream, { start, stop: s.policy.value.stop }, completed) ?? live(s);
  const passing = source.pipe(filter((e) => {
    if (e.state === true) return true;
    const { stop, filter: f } = s.policy.value;
    const pass = (stop === undefined || e.time.getTime() <= stop) && (f === undefined || f.test(e));
    if (pass) s.counts.sent += 1;
    else s.counts.excluded += 1;
    return pass;
  }));
  // the state notifications beside the events; the stream ends when the events end
  return new Observable<StreamEvent>((subscriber) => {
    const states = s.state.subscribe((e) => subscriber.next(e));
    const events = passing.subscribe(subscriber);
    return () => {
      states.unsubscribe();
      events.unsubscribe();
    };
  });
};
