import test from 'ava';
import { Subject } from 'rxjs';
import type { ResponseBody } from '../../src/http/exchange.ts';
import { createEventHub } from '../../src/streams/index.ts';
import { counted } from './helpers.ts';

const setup = (maxQueuedEvents = 1_000) => {
  const subject = new Subject<number>();
  const source = counted(subject.asObservable());
  const hub = createEventHub<number>({ keepAliveMs: 0, maxQueuedEvents });
  return { subject, source, hub, request: { key: '/n', open: source.open } };
};

test('events queued between pulls come back as one chunk', async (t) => {
  const { subject, hub, request } = setup();
  const stream = hub.subscribe(request);
  for (let i = 1; i <= 3; i += 1) subject.next(i);
  t.deepEqual(await stream.next(), { done: false, value: 'data: 1\n\ndata: 2\n\ndata: 3\n\n' });
  subject.next(4);
  t.deepEqual(await stream.next(), { done: false, value: 'data: 4\n\n' });
  t.like(hub.counters(), { eventsDelivered: 4 });
  await stream.return();
});

test('a pending next() is answered by the next burst, joined; what follows waits for the next pull', async (t) => {
  const { subject, hub, request } = setup();
  const stream = hub.subscribe(request);
  const pending = stream.next();
  subject.next(1);
  subject.next(2);
  t.deepEqual(await pending, { done: false, value: 'data: 1\n\ndata: 2\n\n' });
  subject.next(3);
  t.deepEqual(await stream.next(), { done: false, value: 'data: 3\n\n' });
  await stream.return();
});

test('return() during a pending next() ends it, releases the source, and is safe to repeat', async (t) => {
  const { subject, source, hub, request } = setup();
  const stream = hub.subscribe(request);
  const pending = stream.next();
  const returned = stream.return();
  t.is(source.closes(), 1, 'closer ran synchronously, before any await');
  t.like(hub.counters(), { subscribers: 0, sources: 0 });
  t.deepEqual(await pending, { done: true, value: undefined });
  t.deepEqual(await returned, { done: true, value: undefined });
  t.deepEqual(await stream.return(), { done: true, value: undefined });
  subject.next(1);
  t.deepEqual(await stream.next(), { done: true, value: undefined });
  t.is(source.opens(), 1);
  t.is(source.closes(), 1);
});

test('return() discards what was queued', async (t) => {
  const { subject, hub, request } = setup();
  const stream = hub.subscribe(request);
  subject.next(1);
  await stream.return();
  t.deepEqual(await stream.next(), { done: true, value: undefined });
  t.like(hub.counters(), { eventsDelivered: 0 });
});

test('concurrent next() calls are answered in order', async (t) => {
  const { subject, hub, request } = setup();
  const stream = hub.subscribe(request);
  const first = stream.next();
  const second = stream.next();
  subject.next(1);
  await new Promise((r) => setImmediate(r));
  subject.next(2);
  t.deepEqual(await Promise.all([first, second]), [
    { done: false, value: 'data: 1\n\n' },
    { done: false, value: 'data: 2\n\n' },
  ]);
  await stream.return();
});

test('for await … break releases the subscriber through return()', async (t) => {
  const { subject, source, hub, request } = setup();
  const stream = hub.subscribe(request);
  queueMicrotask(() => subject.next(1));
  const chunks: string[] = [];
  for await (const chunk of stream) {
    chunks.push(chunk);
    break;
  }
  t.deepEqual(chunks, ['data: 1\n\n']);
  t.is(source.closes(), 1);
  t.true(stream.released);
});

test('a subscriber is a response body; completion ends it after the queued chunk', async (t) => {
  const { subject, hub, request } = setup();
  const body: ResponseBody = hub.subscribe(request);
  subject.next(1);
  subject.complete();
  const chunks: Array<string | Uint8Array> = [];
  if (typeof body === 'string' || body instanceof Uint8Array) return t.fail('not a stream');
  for await (const chunk of body) chunks.push(chunk);
  t.deepEqual(chunks, ['data: 1\n\n']);
});

test('a pending next() sees done when the source completes', async (t) => {
  const { subject, hub, request } = setup();
  const stream = hub.subscribe(request);
  const pending = stream.next();
  subject.complete();
  t.deepEqual(await pending, { done: true, value: undefined });
});

test('bad options are refused', (t) => {
  t.throws(() => createEventHub({ maxQueuedEvents: 0 }), { instanceOf: RangeError });
  t.throws(() => createEventHub({ maxQueuedEvents: 1.5 }), { instanceOf: RangeError });
  t.throws(() => createEventHub({ keepAliveMs: -1 }), { instanceOf: RangeError });
  t.throws(() => createEventHub({ keepAliveMs: Number.NaN }), { instanceOf: RangeError });
});
