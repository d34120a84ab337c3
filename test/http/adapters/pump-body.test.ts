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
  t.is(await pumpBody(iterable, sink, new AbortController().signal), 'ended');
  t.deepEqual(sink.written, ['a', 'b']);
  t.is(sink.ended, 1);
  t.is(state.returned, 0);
});

test('after a refused write, pulls nothing more until the sink is writable', async (t) => {
  const sink = new RecordingSink();
  sink.full = true;
  const { iterable, state } = counted(['a', 'b', 'c']);
  const pumping = pumpBody(iterable, sink, new AbortController().signal);
  await turn();
  await turn();
  t.is(state.pulls, 1);
  sink.full = false;
  sink.drain.resolve();
  t.is(await pumping, 'ended');
  t.deepEqual(sink.written, ['a', 'b', 'c']);
});

test('an abort while a pull is pending calls return() at once and never ends the sink', async (t) => {
  const sink = new RecordingSink();
  const stream = new IdleStream('first');
  const abort = new AbortController();
  const pumping = pumpBody(stream, sink, abort.signal);
  await turn();
  t.deepEqual(sink.written, ['first']);
  abort.abort();
  t.true(stream.returned.settled);
  t.is(await pumping, 'aborted');
  t.is(sink.ended, 0);
});

test('an abort while waiting for writable returns the stream', async (t) => {
  const sink = new RecordingSink();
  sink.full = true;
  const { iterable, state } = counted(['a', 'b']);
  const abort = new AbortController();
  const pumping = pumpBody(iterable, sink, abort.signal);
  await turn();
  abort.abort();
  t.is(await pumping, 'aborted');
  t.is(state.returned, 1);
  t.is(state.pulls, 1);
});

test('a stream that throws rejects the pump and is not returned', async (t) => {
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
  await t.throwsAsync(pumpBody(iterable, new RecordingSink(), new AbortController().signal), { message: 'boom' });
  t.is(returned, 0);
});

test('a sink that throws returns the stream and rejects', async (t) => {
  const sink = new RecordingSink();
  sink.write = () => { throw new Error('socket gone'); };
  const { iterable, state } = counted(['a']);
  await t.throwsAsync(pumpBody(iterable, sink, new AbortController().signal), { message: 'socket gone' });
  t.is(state.returned, 1);
});
