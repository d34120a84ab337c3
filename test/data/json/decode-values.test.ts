/** Values through the type codecs (strict and simplified), and JSON shapes per node kind. */
import test from 'ava';
import type { AnyValue, DataContainer } from '../../../src/data/data-container.ts';
import { parseJsonText } from '../../../src/data/json/index.ts';
import { decodeTop, dx, errorsOf, problems, valueOf } from './decode-helpers.ts';
import { nodeAt } from './fixtures.ts';

const top = nodeAt(dx, 'top');
const leaf = (c: DataContainer, name: string): unknown => (c.get(top) as DataContainer).get(nodeAt(dx, 'top', name));

test('strict: every type decodes to its runtime value', (t) => {
  const c = valueOf(decodeTop({
    i8: -5, u16: 1500, i64: '-9223372036854775808', u64: '18446744073709551615', dec2: '-1.50', dec18: '0.000000000000000001',
    name: 'ab1', flag: false, marker: [null], blob: 'AAEC', color: 'green', perms: 'exec read', pet: 'lion',
    where: '/dx-data:top/dx-data:i8', either: [null], wide: '12', 'by-ref': '42', tags: ['x', 'y'], ids: ['3', '1'],
    pets: ['dog', 'dx-augment:bird'], inner: {}, blobdata: { 'any:thing': [1, { a: null }] }, legacy: 'text',
  }));
  t.deepEqual(
    ['i8', 'u16', 'i64', 'u64', 'dec2', 'dec18', 'name', 'flag', 'marker', 'blob', 'color', 'perms', 'pet', 'where', 'either', 'wide', 'by-ref', 'tags', 'ids', 'pets'].map((n) => leaf(c, n)),
    [-5, 1500, -9223372036854775808n, 18446744073709551615n, '-1.5', '0.000000000000000001', 'ab1', false, null, 'AAEC', 'green',
      ['read', 'exec'], 'dx-data:lion', '/dx-data:top/i8', null, 12n, 42n, ['x', 'y'], [3n, 1n], ['dx-data:dog', 'dx-augment:bird']],
  );
  t.deepEqual((leaf(c, 'blobdata') as AnyValue).any, { 'any:thing': [1, { a: null }] });
  t.deepEqual((leaf(c, 'legacy') as AnyValue).any, 'text');
  t.is((leaf(c, 'inner') as DataContainer).size, 0);
});

test('strict: value errors are invalid-value at the leaf, with the codec\'s message and app-tag', (t) => {
  const r = decodeTop({ i64: 5, u8: '5', dec2: '100.01', flag: 'true', marker: true, code: 'abc', color: 'pink', pet: 'bird', u16: 500 });
  t.deepEqual(problems(r), ['i64', 'u8', 'dec2', 'flag', 'marker', 'code', 'color', 'pet', 'u16'].map((n) => ['invalid-value', `/dx-data:top/${n}`]));
  const errors = errorsOf(r);
  t.is(errors[0]?.message, 'int64 values are JSON strings in RFC 7951; got the number 5');
  t.is(errors[5]?.message, 'a code is three capital letters');
  t.is(errors[5]?.appTag, 'bad-code');
  t.is(errors[7]?.message, 'identity "bird" is not defined (looked for dx-data:bird)');
});

test('simplified: 64-bit and decimal64 values as numbers, small integers as numeric strings', (t) => {
  const c = valueOf(decodeTop({ i64: 5, u8: '7', dec2: 1.5, ids: [1, '2'] }, { strict: false }));
  t.deepEqual(['i64', 'u8', 'dec2', 'ids'].map((n) => leaf(c, n)), [5n, 7, '1.5', [1n, 2n]]);
  t.deepEqual(problems(decodeTop({ flag: 'true', marker: true }, { strict: false })), [
    ['invalid-value', '/dx-data:top/flag'], ['invalid-value', '/dx-data:top/marker'],
  ]);
});

test('simplified: a number too long for a JavaScript number is decoded from its exact text', (t) => {
  const text = '{"dx-data:top": {"i64": 9223372036854775807, "dec18": 0.123456789012345678, "ids": [18446744073709551615], "by-ref": 1234567890123456789}}';
  const parsed = parseJsonText(text);
  if (!parsed.ok) return t.fail();
  const top = parsed.value as { 'dx-data:top': Record<string, unknown> };
  const c = valueOf(decodeTop(top['dx-data:top'], { strict: false, numbers: parsed.numbers }));
  t.deepEqual(['i64', 'dec18', 'ids', 'by-ref'].map((n) => leaf(c, n)), [9223372036854775807n, '0.123456789012345678', [18446744073709551615n], 1234567890123456789n]);
  // Without the exact texts (JSON.parse), rounded 64-bit integers are refused, and a decimal64 would be silently rounded.
  const rounded = decodeTop(JSON.parse(text)['dx-data:top'] as Record<string, unknown>, { strict: false });
  t.deepEqual(problems(rounded), [['invalid-value', '/dx-data:top/i64'], ['invalid-value', '/dx-data:top/ids'], ['invalid-value', '/dx-data:top/by-ref']]);
  const decimalOnly = valueOf(decodeTop({ dec18: JSON.parse('0.123456789012345678') as number }, { strict: false }));
  t.is(leaf(decimalOnly, 'dec18'), '0.12345678901234568');
  // Strict mode: a number is wrong for these types whatever its digits.
  t.deepEqual(problems(decodeTop(top['dx-data:top'], { numbers: parsed.numbers })).length, 4);
});

test('a leafref decodes as its target\'s type; the target instance is not looked for', (t) => {
  t.is(leaf(valueOf(decodeTop({ 'by-ref': '-3' })), 'by-ref'), -3n);
  t.deepEqual(problems(decodeTop({ 'by-ref': 3 })), [['invalid-value', '/dx-data:top/by-ref']]);
});

test('JSON shapes per node kind: invalid-value at the node', (t) => {
  const r = decodeTop({
    inner: [], entry: { name: 'a' }, 'by-id': [5], tags: 'x', i8: [1], marker: [null, null], blobdata: 5,
  });
  t.deepEqual(problems(r), [
    ['invalid-value', '/dx-data:top/inner'],
    ['invalid-value', '/dx-data:top/entry'],
    ['invalid-value', '/dx-data:top/by-id'],
    ['invalid-value', '/dx-data:top/tags'],
    ['invalid-value', '/dx-data:top/i8'],
    ['invalid-value', '/dx-data:top/marker'],
    ['invalid-value', '/dx-data:top/blobdata'],
  ]);
  const messages = errorsOf(r).map((e) => e.message);
  t.is(messages[0], 'container "inner" must be a JSON object, got an array');
  t.is(messages[1], 'list "entry" must be a JSON array of entry objects, got an object');
  t.is(messages[2], 'an entry of list "by-id" must be a JSON object, got the number 5');
  t.is(messages[3], 'leaf-list "tags" must be a JSON array of values, got the string "x"');
  t.is(messages[6], 'anydata "blobdata" must be a JSON object (RFC 7951 §5.5), got the number 5');
});

test('anydata: any JSON value in the simplified mode; anyxml: any value in both', (t) => {
  const c = valueOf(decodeTop({ blobdata: [1, 2], legacy: null }, { strict: false }));
  t.deepEqual((leaf(c, 'blobdata') as AnyValue).any, [1, 2]);
  t.deepEqual((leaf(c, 'legacy') as AnyValue).any, null);
  t.true(decodeTop({ legacy: [true] }).ok);
});

test('empty arrays are no instance', (t) => {
  const c = valueOf(decodeTop({ tags: [], entry: [] }));
  t.is(leaf(c, 'tags'), undefined);
  t.is(leaf(c, 'entry'), undefined);
  t.is((c.get(top) as DataContainer).size, 0);
});
