/**
 * Event nodes to data trees, in order. Most reads of an event are
 * synchronous (an in-memory node): those cost no Observable and no Promise;
 * a read that waits holds back the events after it, so the order stays.
 */
import { Observable, type OperatorFunction } from 'rxjs';
import { DataContainer } from '../../data/data-container.ts';
import { Runner, runToEnd } from '../co.ts';
import type { Node } from '../node.ts';
import { readInto } from '../read/read-into.ts';
import type { Selection } from '../selection.ts';

/**
 * Reads one event node whole, then releases it: at once when the read is
 * synchronous. A node that holds the event's data tree already (`peek()`
 * answers a DataContainer of this very notification, as a decoded event
 * does) is taken as it is, not copied: an event is filtered and encoded as
 * it is emitted, so nothing reads the tree after that.
 */
const readEvent = (sel: Selection): DataContainer | Promise<DataContainer> => {
  const release = (): void => sel.node.release?.();
  const held = sel.node.peek?.();
  if (held instanceof DataContainer && held.meta === sel.meta) {
    release();
    return held;
  }
  let step: ReturnType<Runner<DataContainer>['stepNow']>;
  try {
    step = new Runner(readInto(sel)).stepNow();
  } catch (e) {
    release();
    throw e;
  }
  if (step instanceof Promise) return step.then((s) => (s.done ? s.value : runToEnd(readInto(sel)))).finally(release);
  release();
  if (!step.done) throw new Error('event read flushed unexpectedly');
  return step.value;
};

/** `concatMap` of the event reads, without an Observable per event. */
export const readEvents =
  (select: (node: Node) => Selection): OperatorFunction<Node, DataContainer> =>
  (nodes) =>
    new Observable<DataContainer>((subscriber) => {
      const waiting: Node[] = [];
      let reading = false;
      let ended = false;
      const drain = (): void => {
        try {
          while (!reading && waiting.length > 0 && !subscriber.closed) {
            const read = readEvent(select(waiting.shift() as Node));
            if (!(read instanceof Promise)) {
              subscriber.next(read);
              continue;
            }
            reading = true;
            read.then(
              (data) => {
                reading = false;
                subscriber.next(data);
                drain();
              },
              (e: unknown) => subscriber.error(e),
            );
          }
        } catch (e) {
          subscriber.error(e);
          return;
        }
        if (ended && !reading && waiting.length === 0) subscriber.complete();
      };
      return nodes.subscribe({
        next: (node) => {
          waiting.push(node);
          drain();
        },
        error: (e: unknown) => subscriber.error(e),
        complete: () => {
          ended = true;
          drain();
        },
      });
    });
