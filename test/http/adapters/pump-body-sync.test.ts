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
  pumpBody(body, sink);
  t.deepEqual(sink.written, [': open\n\n'], 'the opening is written synchronously');
  subject.next(1);
  subject.next(2);
  await flushed();
  t.deepEqual(sink.written, [': open\n\n', 'data: 1\n\ndata: 2\n\n']);
  subject.complete();
  t.is(await sink.finished.promise, 'ended');
  t.is(sink.ended, 1);
  t.like(hub.counters(), { eventsDelivered: 2, subscribers: 0, sources: 0 });
});

test('a refused write holds further chunks until writable; what came meanwhile goes out as one chunk', async (t) => {
  const { subject, body } = setup();
  const sink = new RecordingSink();
  const pump = pumpBody(body, sink);
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
  pump.abort();
  t.true(body.released);
  t.false(sink.finished.settled);
});

test('a client gone while the stream is idle releases the source at once and never ends the sink', async (t) => {
  const { subject, body, closes, hub } = setup();
  const sink = new RecordingSink();
  const pump = pumpBody(body, sink);
  subject.next(1);
  await flushed();
  pump.abort();
  t.is(closes(), 1, 'the closer ran synchronously');
  await flushed();
  t.false(sink.finished.settled);
  t.is(sink.ended, 0);
  t.like(hub.counters(), { subscribers: 0, sources: 0 });
});

test('a client gone while waiting for a writable socket releases the source', async (t) => {
  const { subject, body, closes } = setup();
  const sink = new RecordingSink();
  sink.full = true;
  const pump = pumpBody(body, sink);
  subject.next(1);
  await flushed();
  pump.abort();
  sink.drain.resolve();
  await flushed();
  t.is(closes(), 1);
  t.false(sink.finished.settled);
  t.deepEqual(sink.written, [': open\n\n'], 'nothing written after the abort');
});

test('an overflowing subscriber gets the overflow frame and the sink ends', async (t) => {
  const { subject, body } = setup(2);
  const sink = new RecordingSink();
  sink.full = true;
  pumpBody(body, sink);
  for (const n of [1, 2, 3]) subject.next(n);
  await flushed();
  t.true(body.released, 'dropped: three events waited behind a refused write, over the bound of 2');
  sink.full = false;
  sink.drain.resolve();
  t.is(await sink.finished.promise, 'ended');
  t.regex(sink.written.at(-1) ?? '', /"reason":"overflow"/);
});

test('a sink that throws fails the sink and releases the stream', async (t) => {
  const { subject, body, closes } = setup();
  const sink = new RecordingSink();
  pumpBody(body, sink);
  sink.write = () => {
    throw new Error('socket exploded');
  };
  subject.next(1);
  await flushed();
  t.is(await sink.finished.promise, 'failed');
  t.like(sink.failures[0], { message: 'socket exploded' });
  t.is(closes(), 1);
});
