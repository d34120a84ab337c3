import test from 'ava';
import { jsonLogger } from '../../src/server/logger.ts';
import type { FramedMembers } from '../../src/server/line-bytes.ts';

const lines = (log: (l: ReturnType<typeof jsonLogger>) => void): Record<string, unknown>[] => {
  let text = '';
  const logger = jsonLogger((t) => { text += t; });
  log(logger);
  logger.flush();
  return text.split('\n').filter((l) => l !== '').map((l) => JSON.parse(l) as Record<string, unknown>);
};

test('each call is one JSON line with level, time, the fields and msg', (t) => {
  const [a, b, c] = lines((l) => {
    l.info({ reqId: 'x-1', status: 200, bytes: undefined, remote: '127.0.0.1' }, 'request');
    l.warn('plain message with "quotes"\nand a newline');
    l.error({}, 'empty fields');
  });
  t.like(a, { level: 30, reqId: 'x-1', status: 200, remote: '127.0.0.1', msg: 'request' });
  t.false('bytes' in (a as object));
  t.is(typeof a?.time, 'number');
  t.deepEqual(b, { level: 40, time: b?.time, msg: 'plain message with "quotes"\nand a newline' });
  t.deepEqual(c, { level: 50, time: c?.time, msg: 'empty fields' });
});

test('the message wins over a msg field, and a field named like the head wins over it', (t) => {
  const [a, b] = lines((l) => {
    l.info({ msg: 'from fields', level: 'custom' }, 'given');
    l.info({ msg: 'only from fields' });
  });
  t.is(a?.msg, 'given');
  t.is(a?.level, 'custom');
  t.is(b?.msg, 'only from fields');
});

test('bigints and errors are written as text, nested objects as they are', (t) => {
  const [a] = lines((l) => l.error({ big: 12n, err: new TypeError('bad'), nested: { n: 1 } }, 'failed'));
  t.is(a?.big, '12');
  t.like(a?.err as object, { type: 'TypeError', message: 'bad' });
  t.deepEqual(a?.nested, { n: 1 });
});

test('lines below the minimum level are dropped', (t) => {
  let text = '';
  const logger = jsonLogger((s) => { text += s; }, 'warn');
  logger.info('no');
  logger.warn('yes');
  logger.flush();
  t.is(text.trim().split('\n').length, 1);
  t.regex(text, /"msg":"yes"/);
});

test('a line names each key once, also when the fields name level, time or msg', (t) => {
  let text = '';
  const logger = jsonLogger((s) => { text += s; });
  logger.info({ msg: 'from fields', level: 'custom', time: 1 }, 'given');
  logger.flush();
  for (const key of ['msg', 'level', 'time']) t.is(text.split(`"${key}":`).length - 1, 1, key);
  t.like(JSON.parse(text) as object, { msg: 'given', level: 'custom', time: 1 });
});

test('an info line of members that write their own bytes has level, time, the members and msg, its time the clock\'s at the reading given', (t) => {
  const members = (text: string): FramedMembers => ({
    most: Buffer.byteLength(text),
    writeFramed: (into, at, head, end) => {
      Buffer.from(head).copy(into, at);
      const to = at + head.length + Buffer.from(text).copy(into, at + head.length);
      return to + Buffer.from(end).copy(into, to);
    },
  });
  const before = Date.now();
  const [a, b, c] = lines((l) => {
    l.infoMembers(members(',"reqId":"r-1","path":"/é"'), 'request', performance.now());
    l.infoMembers(members(',"n":2'), 'other "quoted"', performance.now());
    l.infoMembers(members(''), 'none', performance.now() - 5000);
  });
  const after = Date.now();
  t.deepEqual(a, { level: 30, time: a?.time, reqId: 'r-1', path: '/é', msg: 'request' });
  t.deepEqual(b, { level: 30, time: b?.time, n: 2, msg: 'other "quoted"' });
  t.deepEqual(c, { level: 30, time: c?.time, msg: 'none' });
  // within the half ms the clocks' difference is taken to
  t.true((a?.time as number) >= before - 1 && (a?.time as number) <= after + 1);
  t.true((c?.time as number) >= before - 5001 && (c?.time as number) <= after - 4999);
});
