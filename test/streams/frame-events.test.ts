import test from 'ava';
import { frameEvents } from '../../src/streams/frame-events.ts';
import { eventFrame, KEEP_ALIVE_FRAME, SOURCE_ERROR_FRAME } from '../../src/streams/index.ts';
import { marbleScheduler } from './helpers.ts';

test('events become frames, idle ticks keep-alives, and a failure the final error frame', (t) => {
  const scheduler = marbleScheduler(t);
  const encodeErrors: unknown[] = [];
  scheduler.run(({ cold, expectObservable }) => {
    const toFrames = frameEvents<string>({
      frameOf: (s) => eventFrame(JSON.stringify(s)),
      keepAliveMs: 3,
      scheduler,
      onEncodeError: (error) => encodeErrors.push(error),
    });
    const values = { A: eventFrame('"a"'), k: KEEP_ALIVE_FRAME, X: SOURCE_ERROR_FRAME };
    expectObservable(cold('-a-----#').pipe(toFrames)).toBe('-A----k(X|)', values);
    expectObservable(cold('-a---|').pipe(toFrames)).toBe('-A---|', values);
  });
  t.deepEqual(encodeErrors, [], 'source errors are not encoder errors');
});

test('an encoder that throws is reported and ends the stream with the error frame', (t) => {
  const scheduler = marbleScheduler(t);
  const encodeErrors: unknown[] = [];
  scheduler.run(({ cold, expectObservable }) => {
    const toFrames = frameEvents<string>({
      frameOf: (s) => {
        if (s === 'b') throw new Error('cannot encode b');
        return eventFrame(s);
      },
      keepAliveMs: 0,
      scheduler,
      onEncodeError: (error) => encodeErrors.push(error),
    });
    expectObservable(cold('-a-b-c').pipe(toFrames)).toBe('-A-(X|)', { A: eventFrame('a'), X: SOURCE_ERROR_FRAME });
  });
  t.deepEqual(encodeErrors, [new Error('cannot encode b')]);
});
