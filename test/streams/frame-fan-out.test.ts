import test from 'ava';
import { Observable, of, Subject } from 'rxjs';
import { FrameFanOut, type FrameSink } from '../../src/streams/frame-fan-out.ts';
import { eventFrame, type SseFrame } from '../../src/streams/index.ts';

class Recorder implements FrameSink {
  readonly texts: string[] = [];
  closed = 0;
  onPush: ((frame: SseFrame) => void) | undefined;
  push(frame: SseFrame): void {
    this.texts.push(frame.text);
    this.onPush?.(frame);
  }
  close(): void {
    this.closed += 1;
  }
}

const counted = <T>(source: Observable<T>) => {
  const tally = { subscribes: 0, unsubscribes: 0 };
  const frames = new Observable<T>((subscriber) => {
    tally.subscribes += 1;
    const inner = source.subscribe(subscriber);
    return () => {
      tally.unsubscribes += 1;
      inner.unsubscribe();
    };
  });
  return { frames, tally };
};

const a = eventFrame('"a"');
const b = eventFrame('"b"');

test('subscribes with the first subscriber, hands each frame to every one, unsubscribes with the last, then is spent', (t) => {
  const subject = new Subject<SseFrame>();
  const { frames, tally } = counted(subject);
  let ends = 0;
  const fan = new FrameFanOut(frames, { onEnd: () => (ends += 1) });
  const one = new Recorder();
  const two = new Recorder();
  fan.join(one);
  fan.join(two);
  t.is(tally.subscribes, 1);
  subject.next(a);
  fan.leave(one);
  subject.next(b);
  t.deepEqual(one.texts, [a.text]);
  t.deepEqual(two.texts, [a.text, b.text]);
  t.is(ends, 0);
  fan.leave(two);
  t.is(tally.unsubscribes, 1);
  t.is(ends, 1);
  t.true(fan.ended);
  const late = new Recorder();
  fan.join(late);
  t.is(late.closed, 1, 'a spent fan-out closes a newcomer at once');
  t.is(tally.subscribes, 1);
});

test('a subscriber that joins during a delivery starts with the next frame; one that leaves during it gets no more', (t) => {
  const subject = new Subject<SseFrame>();
  const fan = new FrameFanOut(subject, { onEnd: () => undefined });
  const first = new Recorder();
  const second = new Recorder();
  const newcomer = new Recorder();
  fan.join(first);
  fan.join(second);
  first.onPush = () => {
    first.onPush = undefined;
    fan.join(newcomer);
    fan.leave(second);
  };
  subject.next(a);
  subject.next(b);
  t.deepEqual(first.texts, [a.text, b.text]);
  t.deepEqual(second.texts, []);
  t.deepEqual(newcomer.texts, [b.text]);
  t.is(fan.size, 2);
});

test('the end of the frame stream closes every subscriber, after onEnd', (t) => {
  const subject = new Subject<SseFrame>();
  const log: string[] = [];
  const fan = new FrameFanOut(subject, { onEnd: () => log.push('end') });
  const sinks = [new Recorder(), new Recorder()];
  for (const sink of sinks) {
    sink.close = () => log.push('close');
    fan.join(sink);
  }
  subject.complete();
  t.deepEqual(log, ['end', 'close', 'close']);
  t.is(fan.size, 0);
});

test('a frame stream that ends within the first join closes that subscriber and is not left subscribed', (t) => {
  const { frames, tally } = counted(of(a));
  const fan = new FrameFanOut(frames, { onEnd: () => undefined });
  const sink = new Recorder();
  fan.join(sink);
  t.deepEqual(sink.texts, [a.text]);
  t.is(sink.closed, 1);
  t.true(fan.ended);
  t.is(tally.unsubscribes, 1);
});

test('the last subscriber leaving within the first join unsubscribes the frame stream', (t) => {
  const { frames, tally } = counted(new Observable<SseFrame>((s) => s.next(a)));
  const fan = new FrameFanOut(frames, { onEnd: () => undefined });
  const sink = new Recorder();
  sink.onPush = () => fan.leave(sink);
  fan.join(sink);
  t.true(fan.ended);
  t.is(tally.subscribes, 1);
  t.is(tally.unsubscribes, 1);
});

test('beforeJoin runs before a subscriber is added, so what it sends reaches only those already there', (t) => {
  const subject = new Subject<SseFrame>();
  const fan: FrameFanOut = new FrameFanOut(subject, { beforeJoin: () => subject.next(a), onEnd: () => undefined });
  const first = new Recorder();
  fan.join(first);
  const second = new Recorder();
  fan.join(second);
  t.deepEqual(first.texts, [a.text], "sent when the second joined (the first join found no one subscribed)");
  t.deepEqual(second.texts, []);
});

test('10,000 subscribers leave in any order and the fan-out ends with the last', (t) => {
  const subject = new Subject<SseFrame>();
  let ends = 0;
  const fan = new FrameFanOut(subject, { onEnd: () => (ends += 1) });
  const sinks = Array.from({ length: 10_000 }, () => new Recorder());
  for (const sink of sinks) fan.join(sink);
  subject.next(a);
  for (let i = 0; i < sinks.length; i += 2) fan.leave(sinks[i] as Recorder);
  for (let i = sinks.length - 1; i > 0; i -= 2) fan.leave(sinks[i] as Recorder);
  t.is(fan.size, 0);
  t.is(ends, 1);
  t.true(sinks.every((s) => s.texts.length === 1));
  t.false(subject.observed);
});
