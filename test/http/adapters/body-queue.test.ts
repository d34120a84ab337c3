import test from 'ava';
import { BodyQueue } from '../../../src/http/adapters/body-queue.ts';
import { BodyTooLarge } from '../../../src/http/adapters/index.ts';

const recorder = () => {
  const calls: string[] = [];
  return { calls, flow: { pause: () => calls.push('pause'), resume: () => calls.push('resume') } };
};

const bytes = (...values: number[]): Uint8Array => Uint8Array.from(values);

test('chunks nobody waits for are held and pause reading once; pulling the last one resumes it', async (t) => {
  const { calls, flow } = recorder();
  const queue = new BodyQueue({ maxBytes: 100, flow });
  queue.push(bytes(1));
  queue.push(bytes(2));
  t.deepEqual(calls, ['pause']);
  t.deepEqual(await queue.next(), { done: false, value: bytes(1) });
  t.deepEqual(calls, ['pause']);
  t.deepEqual(await queue.next(), { done: false, value: bytes(2) });
  t.deepEqual(calls, ['pause', 'resume']);
  queue.end();
  t.deepEqual(await queue.next(), { done: true, value: undefined });
});

test('a chunk pushed while a pull waits goes straight to it without pausing', async (t) => {
  const { calls, flow } = recorder();
  const queue = new BodyQueue({ maxBytes: 100, flow });
  const pull = queue.next();
  queue.push(bytes(7));
  t.deepEqual(await pull, { done: false, value: bytes(7) });
  t.deepEqual(calls, []);
});

test('one byte over maxBytes: the pull throws BodyTooLarge, held chunks are dropped, reading resumes', async (t) => {
  const { calls, flow } = recorder();
  const queue = new BodyQueue({ maxBytes: 3, flow });
  queue.push(bytes(1, 2));
  queue.push(bytes(3, 4));
  t.true(queue.refused);
  t.deepEqual(calls, ['pause', 'resume']);
  const error = await t.throwsAsync(queue.next(), { instanceOf: BodyTooLarge });
  t.is(error?.limit, 3);
});

test('exactly maxBytes is allowed', async (t) => {
  const queue = new BodyQueue({ maxBytes: 2 });
  queue.push(bytes(1, 2));
  queue.end();
  const seen: number[] = [];
  for await (const chunk of queue) seen.push(...chunk);
  t.deepEqual(seen, [1, 2]);
  t.true(queue.complete);
});

test('a declared length over maxBytes fails the first pull and never starts reading', async (t) => {
  let started = false;
  const queue = new BodyQueue({ maxBytes: 10, declaredLength: 11, start: () => { started = true; } });
  await t.throwsAsync(queue.next(), { instanceOf: BodyTooLarge });
  t.false(started);
});

test('reading starts on the first pull', async (t) => {
  let started = 0;
  const queue = new BodyQueue({ maxBytes: 10, start: () => { started += 1; } });
  t.is(started, 0);
  const pull = queue.next();
  t.is(started, 1);
  queue.end();
  t.deepEqual(await pull, { done: true, value: undefined });
  await queue.next();
  t.is(started, 1);
});

test('return() drops held chunks and later pushes, and resumes reading', async (t) => {
  const { calls, flow } = recorder();
  const queue = new BodyQueue({ maxBytes: 100, flow });
  queue.push(bytes(1));
  t.deepEqual(await queue.return(), { done: true, value: undefined });
  queue.push(bytes(2));
  t.deepEqual(await queue.next(), { done: true, value: undefined });
  t.deepEqual(calls, ['pause', 'resume']);
});

test('fail() rejects a waiting pull with its error', async (t) => {
  const queue = new BodyQueue({ maxBytes: 100 });
  const pull = queue.next();
  queue.fail(new Error('gone'));
  await t.throwsAsync(pull, { message: 'gone' });
});

test('after unthrottle() reading is never paused again', async (t) => {
  const { calls, flow } = recorder();
  const queue = new BodyQueue({ maxBytes: 100, flow });
  queue.push(bytes(1));
  queue.unthrottle();
  queue.push(bytes(2));
  t.deepEqual(calls, ['pause', 'resume']);
  t.deepEqual(await queue.next(), { done: false, value: bytes(1) });
  t.deepEqual(await queue.next(), { done: false, value: bytes(2) });
});
