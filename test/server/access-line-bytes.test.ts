/**
 * An access line's members as AccessLineBytes writes them: for any run of
 * lines (the values that mostly repeat changing one at a time or several,
 * or back to an earlier one; the logger's head and end changing with the
 * time and the message) and any choice of fields, each line says what its
 * own values are, as JSON members in ACCESS_FIELDS' order between that
 * head and end, in UTF-8, within the bytes it said it may take.
 */
import test from 'ava';
import fc from 'fast-check';
import { soakRuns } from '../helpers/soak.ts';
import { ACCESS_FIELDS, type AccessField } from '../../src/server/access-line.ts';
import { AccessLineBytes, durationInto } from '../../src/server/access-line-bytes.ts';

const redact = (q: string): string => q.replace(/secret=[^&]*/g, 'secret=[redacted]');

interface Values { id: string; method: string; path: string; query: string; status: number; us: number; bytes: number | undefined; remote: string; user: string | undefined; gone: boolean }

/** What the line must say: the chosen fields that have a value, in order, and the flags. */
const expected = (v: Values, fields: readonly AccessField[]): Record<string, unknown> => {
  const all: Record<AccessField, unknown> = {
    reqId: v.id, method: v.method, path: v.query === '' ? v.path : `${v.path}?${redact(v.query)}`, status: v.status,
    durationMs: v.us / 1000, bytes: v.bytes, remote: v.remote, user: v.user,
  };
  const out: Record<string, unknown> = {};
  for (const f of ACCESS_FIELDS) if (fields.includes(f) && all[f] !== undefined) out[f] = all[f];
  if (v.gone) out['clientGone'] = true;
  if (v.bytes === undefined) out['stream'] = true;
  return out;
};

const few = <T>(...xs: T[]): fc.Arbitrary<T> => fc.constantFrom(...xs);
const values: fc.Arbitrary<Values> = fc.record({
  id: fc.stringMatching(/^[\w.:-]{1,12}$/),
  method: few('GET', 'PATCH', 'M"\\x'),
  path: few('/restconf/data/a:b', '/é/"q"/\u2028', '/'),
  query: few('', 'depth=1', 'secret=s3&x=1'),
  status: few(200, 204, 404, 499, 500),
  us: fc.oneof(fc.nat(5_000_000), fc.constant(0)),
  bytes: fc.option(few(0, 29, 123456), { nil: undefined }),
  remote: few('127.0.0.1', '::1', ''),
  user: fc.option(few('admin', 'ü"x'), { nil: undefined }),
  gone: fc.boolean(),
});

/** Heads and ends as the logger gives them: the same objects for lines of one ms and one message. */
const heads = [1, 2, 3].map((time) => Buffer.from(`{"time":${time}`));
const ends = ['request', 'other é'].map((msg) => Buffer.from(`,"msg":${JSON.stringify(msg)}}\n`));

test('each line says its own values between its head and end, whatever changed since the line before and whichever fields are chosen', (t) => {
  fc.assert(fc.property(fc.subarray([...ACCESS_FIELDS]), fc.array(values, { minLength: 1, maxLength: 12 }), fc.array(fc.tuple(fc.nat(11), fc.nat(2), fc.nat(1)), { maxLength: 12 }), (fields, distinct, order) => {
    const line = new AccessLineBytes(fields, redact);
    // lines repeat earlier values, as consecutive requests mostly do
    for (const [i, h, e] of [[0, 0, 0] as const, ...order]) {
      const v = distinct[i % distinct.length] as Values;
      const [head, end] = [heads[h] as Buffer, ends[e] as Buffer];
      const written = line.of(v.id, v.method, v.path, v.query, v.status, v.us, v.bytes, v.remote, v.user, v.gone);
      // written after bytes already there, into no more room than it asked for
      const into = Buffer.alloc(3 + head.length + written.most + end.length, 0x7c);
      const to = written.writeFramed(into, 3, head, end);
      t.true(to <= into.length);
      t.is(into[to - 1], 0x0a);
      const got = JSON.parse(into.toString('utf8', 3, to)) as Record<string, unknown>;
      t.deepEqual(Object.entries(got), [['time', h + 1], ...Object.entries(expected(v, fields)), ['msg', e === 0 ? 'request' : 'other é']]);
    }
  }), { numRuns: soakRuns(300) });
});

const durationText = (us: number): string => {
  const into = Buffer.alloc(30);
  return into.toString('latin1', 0, durationInto(us, into, 0));
};

test('a duration in whole µs is written as JSON writes the number of ms', (t) => {
  fc.assert(fc.property(fc.double({ min: 0, max: 1e12, noNaN: true }), (ms) => {
    const us = Math.round(ms * 1000);
    return durationText(us) === JSON.stringify(us / 1000);
  }), { numRuns: soakRuns(5000) });
  for (const ms of [0, 0.001, 0.01, 0.1, 0.12, 0.101, 0.011, 1, 10, 1000.5, 123.456, 1e9, 9007199254740.991]) t.is(durationText(Math.round(ms * 1000)), JSON.stringify(ms));
  for (const us of [-1, 0.5, 2 ** 60, Number.POSITIVE_INFINITY]) t.is(durationText(us), JSON.stringify(Math.round(us) / 1000), String(us));
});

test('a request id that is not plain is written as JSON writes it', (t) => {
  const line = new AccessLineBytes(['reqId'], redact);
  for (const id of ['a"b', 'back\\slash', 'ü-€-𝄞', 'tab\there', '\u0001']) {
    const written = line.of(id, 'GET', '/', '', 200, 1, 0, '', undefined, false);
    const [head, end] = [Buffer.from('{"h":0'), Buffer.from('}')];
    const into = Buffer.alloc(head.length + written.most + end.length);
    t.is((JSON.parse(into.toString('utf8', 0, written.writeFramed(into, 0, head, end))) as { reqId: string }).reqId, id);
  }
});
