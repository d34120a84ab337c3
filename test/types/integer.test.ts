import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, validateValue } from '../../src/types/index.ts';
import { encodePlain, encodeStrict, intervals, makeType, plainJson, restriction, strictJson, urlText, yangText } from './make-type.ts';

const uint8 = makeType('uint8');
const int8 = makeType('int8');
const int32 = makeType('int32');
const uint32 = makeType('uint32');
const int64 = makeType('int64');
const uint64 = makeType('uint64');

const value = (r: ReturnType<typeof decodeJson>): unknown => (r.ok ? r.value : undefined);

test('uint8 from JSON numbers, in both modes', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.is(value(decodeJson(uint8, 0, options)), 0);
    t.is(value(decodeJson(uint8, 255, options)), 255);
    t.false(decodeJson(uint8, 256, options).ok);
    t.false(decodeJson(uint8, -1, options).ok);
    t.false(decodeJson(uint8, 1.5, options).ok);
    t.false(decodeJson(uint8, true, options).ok);
    t.false(decodeJson(uint8, null, options).ok);
  }
});

test('the range message names value, range and type', (t) => {
  const r = decodeJson(uint8, 300, strictJson());
  t.false(r.ok);
  if (!r.ok) {
    t.deepEqual(r.errors, [{ tag: 'invalid-value', appTag: undefined, message: '"300" is out of range 0..255 for type uint8' }]);
  }
});

test('a range restriction with error-message and error-app-tag', (t) => {
  const type = makeType('int32', { range: restriction(intervals([1, 10], [20, 30]), 'pick 1-10 or 20-30', 'bad-range') });
  t.is(value(decodeJson(type, 25, strictJson())), 25);
  t.is(value(decodeJson(type, 10, strictJson())), 10);
  const r = decodeJson(type, 15, strictJson());
  t.deepEqual(r, { ok: false, errors: [{ tag: 'invalid-value', appTag: 'bad-range', message: 'pick 1-10 or 20-30' }] });
  const plain = makeType('int32', { range: restriction(intervals([1, 10], [20, 30])) });
  const r2 = decodeJson(plain, 15, strictJson());
  t.true(!r2.ok && r2.errors[0]?.message === '"15" is out of range 1..10 | 20..30 for type int32');
  t.true(!r2.ok && r2.errors[0]?.appTag === undefined);
});

test('strict mode: up to 32 bits must be JSON numbers', (t) => {
  t.false(decodeJson(uint8, '5', strictJson()).ok);
  t.false(decodeJson(int32, '-5', strictJson()).ok);
});

test('plain mode: numeric strings accepted for up to 32 bits, still range-checked', (t) => {
  t.is(value(decodeJson(uint8, '5', plainJson())), 5);
  t.is(value(decodeJson(int32, '-2147483648', plainJson())), -2147483648);
  t.false(decodeJson(uint8, '256', plainJson()).ok);
  t.false(decodeJson(uint8, '5.0', plainJson()).ok);
  t.false(decodeJson(uint8, ' 5', plainJson()).ok);
  t.false(decodeJson(uint8, '0x10', plainJson()).ok);
});

test('int64 as a JSON number is rejected in strict mode, accepted in plain mode', (t) => {
  const r = decodeJson(int64, 5, strictJson());
  t.false(r.ok);
  t.true(!r.ok && /JSON strings/.test(r.errors[0]?.message ?? ''));
  t.is(value(decodeJson(int64, 5, plainJson())), 5n);
  t.is(value(decodeJson(int64, '5', strictJson())), 5n);
});

test('int64 as a JSON number beyond 2^53 is rejected even in plain mode', (t) => {
  t.false(decodeJson(int64, 2 ** 60, plainJson()).ok);
  t.is(value(decodeJson(int64, Number.MAX_SAFE_INTEGER, plainJson())), BigInt(Number.MAX_SAFE_INTEGER));
});

test('int64 and uint64 bounds', (t) => {
  t.is(value(decodeJson(int64, '-9223372036854775808', strictJson())), -(2n ** 63n));
  t.is(value(decodeJson(int64, '9223372036854775807', strictJson())), 2n ** 63n - 1n);
  t.false(decodeJson(int64, '9223372036854775808', strictJson()).ok);
  t.false(decodeJson(int64, '-9223372036854775809', strictJson()).ok);
  t.is(value(decodeJson(uint64, '18446744073709551615', strictJson())), 2n ** 64n - 1n);
  const overflow = decodeJson(uint64, '18446744073709551616', strictJson());
  t.false(overflow.ok);
  t.true(!overflow.ok && overflow.errors[0]?.message === '"18446744073709551616" is out of range 0..18446744073709551615 for type uint64');
  t.false(decodeJson(uint64, '-1', strictJson()).ok);
});

test('instance lexical form: sign and leading zeros allowed, decimal only', (t) => {
  t.is(value(decodeJson(int64, '+007', strictJson())), 7n);
  t.is(value(decodeString(int32, '-0', urlText())), 0);
  t.true(Object.is(value(decodeString(int32, '-0', urlText())), 0));
  t.is(value(decodeString(uint8, '010', urlText())), 10);
  t.false(decodeString(uint8, '0x10', urlText()).ok);
  t.false(decodeString(uint8, '', urlText()).ok);
  t.false(decodeString(uint8, '1e2', urlText()).ok);
});

test('YANG default form: hexadecimal and octal (RFC 7950 §9.2.1)', (t) => {
  t.is(value(decodeString(uint8, '0x1F', yangText())), 31);
  t.is(value(decodeString(int8, '-0x10', yangText())), -16);
  t.is(value(decodeString(uint8, '010', yangText())), 8);
  t.is(value(decodeString(uint8, '0', yangText())), 0);
  t.false(decodeString(uint8, '08', yangText()).ok);
  t.false(decodeString(uint8, '0x', yangText()).ok);
  t.false(decodeString(uint8, '0x100', yangText()).ok);
});

test('encoding: 64-bit as strings in strict mode, as numbers in plain mode when exact', (t) => {
  t.is(encodeJson(int64, 5n, encodeStrict), '5');
  t.is(encodeJson(int64, 5n, encodePlain), 5);
  t.is(encodeJson(uint64, 2n ** 53n, encodePlain), '9007199254740992');
  t.is(encodeJson(uint64, 2n ** 53n - 1n, encodePlain), 9007199254740991);
  t.is(encodeJson(int64, -(2n ** 53n) + 1n, encodePlain), -9007199254740991);
  t.is(encodeJson(uint32, 4294967295, encodeStrict), 4294967295);
  t.is(encodeString(int64, -12n), '-12');
  t.is(encodeString(uint8, 7), '7');
});

test('validateValue checks the JavaScript shape and the range', (t) => {
  t.true(validateValue(uint8, 7).ok);
  t.false(validateValue(uint8, 7n).ok);
  t.false(validateValue(uint8, 700).ok);
  t.false(validateValue(uint8, 1.5).ok);
  t.true(validateValue(int64, 7n).ok);
  t.false(validateValue(int64, 7).ok);
});
