/**
 * Where group commit writes: a lone record from the event loop at the end
 * of its turn, a group of several (or one added while a write runs) in the
 * pool, every group in the pool for a while after a slow write from the
 * loop; in every case the records are on disk, in order, when their
 * Promise resolves.
 */
import test from 'ava';
import { readFileSync } from 'node:fs';
import { GroupCommit, type LoopWrites } from '../../src/store/group-commit.ts';
import { readJournalText } from '../../src/store/journal-line.ts';
import { JournalSegment } from '../../src/store/journal-segment.ts';
import { tempDataFile } from './helpers.ts';

const HEADER = 'header\n';
/** Whatever this disk's speed, writes from the loop never give way (the tests of where a group is written). */
const NEVER_SLOW: LoopWrites = { slowMs: Infinity, slowWrites: 1, backoffMs: 0 };

/** A segment whose header is durable (so that a lone record may be written from the loop). */
const settledSegment = async (): Promise<JournalSegment> => {
  const segment = JournalSegment.create(`${tempDataFile()}.journal`, HEADER);
  // The header's own fdatasync (started by create) runs in the pool beside
  // any other: wait for it, not for a second sync that may finish first.
  const until = Date.now() + 10_000;
  while (!segment.settled) {
    if (Date.now() > until) throw new Error('the segment header never became durable');
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
  return segment;
};

/** The records in the file, in order, as the journal reads them (the zeros ahead left out). */
const recordsIn = (segment: JournalSegment): unknown[] => readJournalText(readFileSync(segment.path).subarray(HEADER.length)).records;

test('a lone record is written from the event loop at the end of its turn, and is on disk when acknowledged', async (t) => {
  const segment = await settledSegment();
  const commit = new GroupCommit(NEVER_SLOW);
  for (let i = 0; i < 5; i++) {
    await commit.add(segment, `"r${i}"`);
    t.deepEqual(recordsIn(segment), Array.from({ length: i + 1 }, (_, k) => `r${k}`));
  }
  t.is(commit.writes, 5);
  t.is(commit.writesFromLoop, 5);
  segment.close();
});

test('records added in one turn are one write, in the pool', async (t) => {
  const segment = await settledSegment();
  const commit = new GroupCommit(NEVER_SLOW);
  const acks = Array.from({ length: 20 }, (_, i) => commit.add(segment, `"r${i}"`));
  t.deepEqual(recordsIn(segment), [], 'nothing is written before the turn ends');
  await Promise.all(acks);
  t.is(commit.writes, 1);
  t.is(commit.writesFromLoop, 0);
  t.deepEqual(recordsIn(segment), Array.from({ length: 20 }, (_, k) => `r${k}`));
  segment.close();
});

test('a record added while a write runs waits for it, and goes to the pool even alone', async (t) => {
  const segment = await settledSegment();
  const commit = new GroupCommit(NEVER_SLOW);
  const first = [commit.add(segment, '"a"'), commit.add(segment, '"b"')];
  await new Promise((resolve) => setImmediate(resolve));
  const order: string[] = [];
  const late = commit.add(segment, '"c"').then(() => order.push('c'));
  void Promise.all(first).then(() => order.push('a b'));
  await late;
  t.deepEqual(order, ['a b', 'c']);
  t.is(commit.writes, 2);
  t.is(commit.writesFromLoop, 0);
  t.deepEqual(recordsIn(segment), ['a', 'b', 'c']);
  segment.close();
});

test('a record waits for a header not yet durable: it goes to the pool', async (t) => {
  const segment = JournalSegment.create(`${tempDataFile()}.journal`, HEADER);
  const commit = new GroupCommit(NEVER_SLOW);
  await commit.add(segment, '"first"');
  t.is(commit.writesFromLoop, 0);
  await commit.add(segment, '"second"');
  t.is(commit.writesFromLoop, 1, 'once the header is durable, a lone record is written from the loop');
  t.deepEqual(recordsIn(segment), ['first', 'second']);
  segment.close();
});

test('after slow writes from the loop in a row, groups go to the pool for a while; one slow write alone changes nothing', async (t) => {
  const segment = await settledSegment();
  // a slow write takes over 100 ms (no real write does); the disk made slow takes 150 ms
  const pace: LoopWrites = { slowMs: 100, slowWrites: 3, backoffMs: 60_000 };
  const commit = new GroupCommit(pace);
  const original = segment.commitNow.bind(segment);
  let slow = true;
  segment.commitNow = () => {
    const until = performance.now() + (slow ? 150 : 0);
    while (performance.now() < until);
    original();
  };
  await commit.add(segment, '"slow"');
  slow = false;
  await commit.add(segment, '"fast"');
  t.is(commit.writesFromLoop, 2, 'one slow write: the next record is written from the loop');
  slow = true;
  for (let i = 0; i < pace.slowWrites; i++) await commit.add(segment, `"slow${i}"`);
  t.is(commit.writesFromLoop, 2 + pace.slowWrites);
  const started = performance.now();
  await commit.add(segment, '"next"');
  t.is(commit.writesFromLoop, 2 + pace.slowWrites, 'the next lone record went to the pool');
  t.is(commit.writes, 3 + pace.slowWrites);
  t.true(performance.now() - started < pace.backoffMs, 'the backoff is still on for that record');
  t.deepEqual(recordsIn(segment), ['slow', 'fast', ...Array.from({ length: pace.slowWrites }, (_, i) => `slow${i}`), 'next']);
  segment.close();
});

test('a failed write from the loop rejects its record and every later one', async (t) => {
  const segment = await settledSegment();
  const commit = new GroupCommit(NEVER_SLOW);
  segment.commitNow = () => {
    throw new Error('EIO: the disk failed');
  };
  await t.throwsAsync(commit.add(segment, '"lost"'), { message: /EIO/ });
  await t.throwsAsync(commit.add(segment, '"later"'), { message: /EIO/ });
  t.is(commit.failed?.message, 'EIO: the disk failed');
  segment.close();
});

test('records framed as they are queued reach the file whole and in order, across groups written from the pool and from the loop, however large a group', async (t) => {
  const segment = await settledSegment();
  const commit = new GroupCommit(NEVER_SLOW);
  const record = (i: number): string => JSON.stringify({ i, text: `record ${i} « é » 🙂 `.repeat(1 + (i % 40)) });
  // a group far larger than the queue's first buffer, then one queued while that group's write runs, then a lone one
  const big = Array.from({ length: 300 }, (_, i) => commit.add(segment, record(i)));
  await new Promise((resolve) => setImmediate(resolve));
  const during = Array.from({ length: 5 }, (_, i) => commit.add(segment, record(300 + i)));
  await Promise.all([...big, ...during]);
  await commit.add(segment, record(305));
  t.is(commit.writesFromLoop, 1);
  const file = readFileSync(segment.path).subarray(HEADER.length);
  const read = readJournalText(file);
  t.is(read.torn, undefined);
  t.deepEqual(read.records, Array.from({ length: 306 }, (_, i) => JSON.parse(record(i))));
  t.is(segment.bytes, HEADER.length + file.indexOf(0));
  segment.close();
});
