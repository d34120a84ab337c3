/**
 * A stream's source that fails with ServerClosing when `closing` emits (so
 * the subscriber gets the closing frame), and still completes when the
 * source does (a replay whose stop-time has come ends its stream).
 */
import { Observable, type MonoTypeOperatorFunction } from 'rxjs';
import { ServerClosing } from './final-frames.ts';

export const failOnClosing = <T>(closing: Observable<unknown>): MonoTypeOperatorFunction<T> => (source) =>
  new Observable<T>((subscriber) => {
    subscriber.add(closing.subscribe(() => subscriber.error(new ServerClosing())));
    if (!subscriber.closed) subscriber.add(source.subscribe(subscriber));
  });
