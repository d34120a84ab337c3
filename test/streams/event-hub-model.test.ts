/**
 * Model-based property test: any interleaving of subscribe, return, pull,
 * emit and complete keeps the hub's counters, its hot sources and each
 * subscriber's bytes consistent with a simple model.
 */
import test from 'ava';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { Observable, Subject } from 'rxjs';
import { createEventHub, overflowFrame, type EventFilter, type StreamSubscriber } from '../../src/streams/index.ts';

const KEYS = 3;
const MAX_QUEUED = 3;
const filters: Record<string, EventFilter<number>> = {
  even: { text: 'even', test: (n) => n % 2 === 0 },
  three: { text: 'three', test: (n) => n % 3 === 0 },
};

const command = fc.oneof(
  fc.record({ op: fc.constant('subscribe' as const), key: fc.nat(KEYS - 1), filter: fc.constantFrom('', 'even', 'three') }),
  fc.record({ op: fc.constant('return' as const), index: fc.nat(20) }),
  fc.record({ op: fc.constant('pull' as const), index: fc.nat(20) }),
  fc.record({ op: fc.constant('emit' as const), key: fc.nat(KEYS - 1), value: fc.nat(12) }),
  fc.record({ op: fc.constant('complete' as const), key: fc.nat(KEYS - 1) }),
);

interface Tracked {
  readonly key: number;
  readonly filter: string;
  readonly stream: StreamSubscriber;
  readonly pulls: Array<Promise<IteratorResult<string>>>;
  expected: string;
  returned: boolean;
}

test('counters, sources and delivered bytes follow the model under any interleaving', async (t) => {
  await fc.assert(
    fc.asyncProperty(fc.array(command, { maxLength: 60 }), async (commands) => {
      const hub = createEventHub<number>({ keepAliveMs: 0, maxQueuedEvents: MAX_QUEUED });
      const opens = new Array<number>(KEYS).fill(0);
      const closes = new Array<number>(KEYS).fill(0);
      const hot = new Array<Subject<number> | undefined>(KEYS).fill(undefined);
      const openOf = (key: number) => () =>
        new Observable<number>((subscriber) => {
          opens[key] = (opens[key] ?? 0) + 1;
          const subject = new Subject<number>();
          hot[key] = subject;
          subject.subscribe(subscriber);
          return () => {
            closes[key] = (closes[key] ?? 0) + 1;
            hot[key] = undefined;
          };
        });
      const tracked: Tracked[] = [];
      const live = () => tracked.filter((s) => !s.stream.released);

      for (const c of commands) {
        switch (c.op) {
          case 'subscribe': {
            const filter = filters[c.filter];
            const stream = hub.subscribe({ key: `/k${c.key}`, open: openOf(c.key), ...(filter ? { filter } : {}) });
            tracked.push({ key: c.key, filter: c.filter, stream, pulls: [], expected: '', returned: false });
            break;
          }
          case 'return': {
            const s = tracked[c.index % Math.max(1, tracked.length)];
            // A client that goes away may get any prefix, also when its source had completed and its queue was not yet drained.
            if (s !== undefined) s.returned = true;
            void s?.stream.return();
            break;
          }
          case 'pull': {
            const s = tracked[c.index % Math.max(1, tracked.length)];
            s?.pulls.push(s.stream.next());
            break;
          }
          case 'emit':
            for (const s of live()) {
              if (s.key === c.key && (filters[s.filter]?.test(c.value) ?? true)) s.expected += `data: ${c.value}\n\n`;
            }
            hot[c.key]?.next(c.value);
            break;
          case 'complete':
            hot[c.key]?.complete();
            break;
        }
        const attached = live();
        const counters = hub.counters();
        assert.equal(counters.subscribers, attached.length);
        assert.equal(counters.sources, new Set(attached.map((s) => s.key)).size);
        assert.equal(counters.filters, new Set(attached.filter((s) => s.filter !== '').map((s) => `${s.key} ${s.filter}`)).size);
        for (let key = 0; key < KEYS; key += 1) {
          const inUse = attached.some((s) => s.key === key);
          assert.equal((opens[key] ?? 0) - (closes[key] ?? 0), inUse ? 1 : 0, `key ${key} is hot exactly while in use`);
          assert.equal(hot[key] !== undefined, inUse);
        }
      }

      for (let key = 0; key < KEYS; key += 1) hot[key]?.complete();
      const overflow = overflowFrame(MAX_QUEUED).text;
      for (const s of tracked) {
        const results = await Promise.all(s.pulls);
        let text = results.map((r) => r.value ?? '').join('');
        for (let r = await s.stream.next(); !r.done; r = await s.stream.next()) text += r.value;
        if (text.endsWith(overflow)) {
          assert.ok(s.expected.startsWith(text.slice(0, -overflow.length)), 'dropped: a prefix, then the overflow frame');
        } else if (s.returned) {
          assert.ok(s.expected.startsWith(text), 'returned: a prefix of what it was sent');
        } else {
          assert.equal(text, s.expected, 'neither dropped nor returned: everything it was sent, in order');
        }
      }
      const { subscribers, sources, filters: filtered } = hub.counters();
      assert.deepEqual({ subscribers, sources, filtered }, { subscribers: 0, sources: 0, filtered: 0 });
    }),
    { numRuns: Number(process.env['FC_RUNS'] ?? 200) },
  );
  t.pass();
});
