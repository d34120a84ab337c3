/** pumpBody over a SyncPullBody (an event stream): written from within the delivery, no Promise per chunk. */
import test from 'ava';
import { Observable, Subject } from 'rxjs';
import { pumpBody } from '../../../src/http/adapters/pump-body.ts';
import { createEventHub } from '../../../src/streams/index.ts';
import { RecordingSink } from './probes.ts';

const setup = (maxQueuedEvents = 1_000) => {
  const subject = new Subject<number>();
  let closes = 0;
  const hub = createEventHub<number>({ keepAliveMs: 0, maxQueuedEvents, flushLater: (flush) => { queueMicrotask(flush); return () => undefined; } });
  const body = hub.subscribe({
    key: '/n',
    open: () =>
      new Observable<number>((s) => {
        const sub = subject.subscribe(s);
        return () => {
          closes += 1;
          sub.unsubscribe();
        };
      }),
    opening: ': open\n\n',
  });
  return { subject, hub, body, closes: () => closes };
};

const flushed = () => new Promise((r) => setImmediate(r));

test('the opening text, then each burst as one write, made during the delivery; completion ends the sink', async (t) => {
  const { subject, body, hub } = setup();
  const sink = new RecordingSink();
  const pumping = pumpBody(body, sink, new AbortController().signal);
  t.deepEqual(sink.written, [': open\n\n'], 'the opening is written synchronously');
  subject.next(1);
  subject.next(2);
  await flushed();
  t.deepEqual(sink.written, [': open\n\n', 'data: 1\n\ndata: 2\n\n']);
  subject.complete();
  t.is(await pumping, 'ended');
  t.is(sink.ended, 1);
  t.like(hub.counters(), { eventsDelivered: 2, subscribers: 0, sources: 0 });
});

test('a refused write holds further chunks until writable; what came meanwhile goes out as one chunk', async (t) => {
  const { subject, body } = setup();
  const sink = new RecordingSink();
  const abort = new AbortController();
  const pumping = pumpBody(body, sink, abort.signal);
  sink.full = true;
  subject.next(1);
  await flushed();
  subject.next(2);
  await flushed();
  subject.next(3);
  await flushed();
  t.deepEqual(sink.written, [': open\n\n', 'data: 1\n\n'], 'nothing written after the refused write');
  sink.full = false;
  sink.drain.resolve();
  await flushed();
  t.deepEqual(sink.written, [': open\n\n', 'data: 1\n\n', 'data: 2\n\ndata: 3\n\n']);
  abort.abort();
  t.is(await pumping, 'aborted');
});

test('a client gone while the stream is idle releases the source at once and never ends the sink', async (t) => {
  const { subject, body, closes, hub } = setup();
  const sink = new RecordingSink();
  const abort = new AbortController();
  const pumping = pumpBody(body, sink, abort.signal);
  subject.next(1);
  await flushed();
  abort.abort();
  t.is(closes(), 1, 'the closer ran synchronously');
  t.is(await pumping, 'aborted');
  t.is(sink.ended, 0);
  t.like(hub.counters(), { subscribers: 0, sources: 0 });
});

test('a client gone while waiting for a writable socket releases the source', async (t) => {
  const { subject, body, closes } = setup();
  const sink = new RecordingSink();
  sink.full = true;
  const abort = new AbortController();
  const pumping = pumpBody(body, sink, abort.signal);
  subject.next(1);
  await flushed();
  abort.abort();
  t.is(await pumping, 'aborted');
  t.is(closes(), 1);
});

test('an overflowing subscriber gets the overflow frame and the sink ends', async (t) => {
  const { subject, body } = setup(2);
  const sink = new RecordingSink();
  sink.full = true;
  const pumping = pumpBody(body, sink, new AbortController().signal);
  for (const n of [1, 2, 3]) subject.next(n);
  await flushed();
  t.true(body.released, 'dropped: three events waited behind a refused write, over the bound of 2');
  sink.full = false;
  sink.drain.resolve();
  t.is(await pumping, 'ended');
  t.regex(sink.written.at(-1) ?? '', /"reason":"overflow"/);
});

test('a sink that throws rejects the pump and releases the stream', async (t) => {
  const { subject, body, closes } = setup();
  const sink = new RecordingSink();
  const pumping = pumpBody(body, sink, new AbortController().signal);
  sink.write = () => {
    throw new Error('socket exploded');
  };
  subject.next(1);
  await flushed();
  await t.throwsAsync(pumping, { message: 'socket exploded' });
  t.is(closes(), 1);
});
