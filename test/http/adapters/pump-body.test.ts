import test from 'ava';
import { setImmediate as turn } from 'node:timers/promises';
import { pumpBody } from '../../../src/http/adapters/pump-body.ts';
import { IdleStream, RecordingSink } from './probes.ts';

const counted = (chunks: string[]) => {
  const state = { pulls: 0, returned: 0 };
  const iterable: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => {
        const value = chunks[state.pulls];
        state.pulls += 1;
        return value === undefined ? { done: true, value: undefined } : { done: false, value };
      },
      return: async () => {
        state.returned += 1;
        return { done: true, value: undefined };
      },
    }),
  };
  return { iterable, state };
};

test('writes every chunk, skips empty ones, then ends', async (t) => {
  const sink = new RecordingSink();
  const { iterable, state } = counted(['a', '', 'b']);
  pumpBody(iterable, sink);
  t.is(await sink.finished.promise, 'ended');
  t.deepEqual(sink.written, ['a', 'b']);
  t.is(sink.ended, 1);
  t.is(state.returned, 0);
});

test('after a refused write, pulls nothing more until the sink is writable', async (t) => {
  const sink = new RecordingSink();
  sink.full = true;
  const { iterable, state } = counted(['a', 'b', 'c']);
  pumpBody(iterable, sink);
  await turn();
  await turn();
  t.is(state.pulls, 1);
  sink.full = false;
  sink.drain.resolve();
  t.is(await sink.finished.promise, 'ended');
  t.deepEqual(sink.written, ['a', 'b', 'c']);
});

test('an abort while a pull is pending calls return() at once and never ends the sink', async (t) => {
  const sink = new RecordingSink();
  const stream = new IdleStream('first');
  const pump = pumpBody(stream, sink);
  await turn();
  t.deepEqual(sink.written, ['first']);
  pump.abort();
  t.true(stream.returned.settled);
  await turn();
  t.false(sink.finished.settled);
  t.is(sink.ended, 0);
});

test('an abort while waiting for writable returns the stream', async (t) => {
  const sink = new RecordingSink();
  sink.full = true;
  const { iterable, state } = counted(['a', 'b']);
  const pump = pumpBody(iterable, sink);
  await turn();
  pump.abort();
  sink.drain.resolve();
  await turn();
  t.is(state.returned, 1);
  t.is(state.pulls, 1);
  t.false(sink.finished.settled);
});

test('a stream that throws fails the sink and is not returned', async (t) => {
  let returned = 0;
  const iterable: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: () => Promise.reject(new Error('boom')),
      return: async () => {
        returned += 1;
        return { done: true, value: undefined };
      },
    }),
  };
  const sink = new RecordingSink();
  pumpBody(iterable, sink);
  t.is(await sink.finished.promise, 'failed');
  t.like(sink.failures[0], { message: 'boom' });
  t.is(returned, 0);
});

test('a sink that throws returns the stream and fails the sink', async (t) => {
  const sink = new RecordingSink();
  sink.write = () => { throw new Error('socket gone'); };
  const { iterable, state } = counted(['a']);
  pumpBody(iterable, sink);
  t.is(await sink.finished.promise, 'failed');
  t.like(sink.failures[0], { message: 'socket gone' });
  t.is(state.returned, 1);
});

test('a socket that takes every chunk does not keep the event loop from other work: the pump yields', async (t) => {
  // A stream that answers every pull at once, for as long as it takes a
  // timer to run (or 10 s at most, so a pump that never yields ends anyway).
  const sink = new RecordingSink();
  let timerRan = false;
  const started = Date.now();
  let stopped = false;
  const endless: AsyncIterable<string> = {
    [Symbol.asyncIterator]: () => ({
      next: async () => (timerRan || Date.now() - started > 10_000 ? { done: true, value: undefined } : { done: false, value: 'x'.repeat(1024) }),
      return: async () => {
        stopped = true;
        return { done: true, value: undefined };
      },
    }),
  };
  let endedWhenTimerRan: number | undefined;
  setTimeout(() => {
    timerRan = true;
    endedWhenTimerRan = sink.ended;
  }, 0);
  pumpBody(endless, sink);
  t.is(await sink.finished.promise, 'ended');
  t.is(endedWhenTimerRan, 0, 'the timer ran while the stream was still being written');
  t.true(sink.written.length > 0);
  t.false(stopped);
});
