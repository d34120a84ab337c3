import test from 'ava';
import { createEventHub, KEEP_ALIVE_FRAME } from '../../src/streams/index.ts';
import { counted, framesOf, marbleScheduler } from './helpers.ts';

test('an idle stream gets a keep-alive comment on each tick of its clock that saw no event; a busy one does not', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ hot, expectObservable }) => {
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 5 });
    const source = counted(hot<string>('---a--b--------------c-'));
    const values = framesOf('abc', { k: KEEP_ALIVE_FRAME });
    // ticks at 5 (a seen), 10 (b seen), 15 (idle), 20 (idle), then c at 21
    expectObservable(hub.frames({ key: '/k', open: source.open }), '^---------------------!').toBe(
      '---a--b--------k----kc',
      values,
    );
    // a later subscriber with the same encoder shares the clock of the first
    expectObservable(hub.frames({ key: '/k', open: source.open }), '-------^-----------!').toBe('---------------k---', values);
    // one with another encoder has a clock of its own, started with it: ticks at 12 and 17
    const shout = (s: string): string => JSON.stringify(s.toUpperCase());
    expectObservable(hub.frames({ key: '/k', open: source.open, encode: shout }), '-------^-----------!').toBe(
      '------------k----k--',
      values,
    );
  });
  t.is(scheduler.actions.length, 0, 'no clock outlives its subscriber');
});

test('a pulled stream holds at most one keep-alive while its consumer does not pull', async (t) => {
  const scheduler = marbleScheduler(t);
  const hub = createEventHub<string>({ scheduler, keepAliveMs: 5 });
  const { stream, pulls } = scheduler.run(({ hot }) => {
    const source = counted(hot<string>('-------------------------a'));
    const stream = hub.subscribe({ key: '/k', open: source.open });
    const pulls = [stream.next()]; // pending at 0: gets the first keep-alive (at 5) alone
    scheduler.schedule(() => pulls.push(stream.next()), 24); // ticks 10..20 queue one comment only
    scheduler.schedule(() => pulls.push(stream.next()), 31); // a at 25, then tick 30 sees it: a alone
    scheduler.schedule(() => void stream.return(), 40);
    return { stream, pulls };
  });
  const chunks = (await Promise.all(pulls)).map((r) => r.value);
  t.deepEqual(chunks, [': keep-alive\n\n', ': keep-alive\n\n', 'data: "a"\n\n']);
  t.true(stream.released);
  t.like(hub.counters(), { keepAlivesSent: 2, eventsDelivered: 1, subscribers: 0, sources: 0 });
  t.is(scheduler.actions.length, 0, 'the clock stopped with return()');
});

test('keepAliveMs 0 sends none', (t) => {
  const scheduler = marbleScheduler(t);
  scheduler.run(({ hot, expectObservable }) => {
    const hub = createEventHub<string>({ scheduler, keepAliveMs: 0 });
    const source = counted(hot<string>('-----------a'));
    expectObservable(hub.frames({ key: '/k', open: source.open }), '^-----------!').toBe('-----------a', framesOf('a'));
  });
});
