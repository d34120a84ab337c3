import test from 'ava';
import {
  decimal64Range, decodeJson, decodeString, encodeJson, encodeString, formatDecimal, parseDecimalLiteral, validateValue,
} from '../../src/types/index.ts';
import { encodePlain, encodeStrict, intervals, makeType, plainJson, restriction, strictJson, urlText } from './make-type.ts';

const dec = (fractionDigits: number, more = {}) => makeType('decimal64', { fractionDigits, ...more });
const value = (r: ReturnType<typeof decodeJson>): unknown => (r.ok ? r.value : undefined);

test('canonical form of decoded values', (t) => {
  const type = dec(2);
  const cases: [string, string][] = [
    ['1.5', '1.5'], ['1.50', '1.5'], ['3', '3.0'], ['+3.00', '3.0'], ['-0.25', '-0.25'],
    ['007.10', '7.1'], ['0', '0.0'], ['-0', '0.0'], ['-0.00', '0.0'], ['100', '100.0'],
  ];
  for (const [text, canonical] of cases) t.is(value(decodeJson(type, text, strictJson())), canonical, text);
});

test('invalid lexical forms', (t) => {
  for (const text of ['1.', '.5', '', '-', '1..2', '1,5', '1e3', ' 1.5', '0x10', '1.5 ']) {
    t.false(decodeJson(dec(2), text, strictJson()).ok, text);
  }
});

test('too many fraction digits is an error, not a rounding', (t) => {
  const r = decodeJson(dec(2), '1.234', strictJson());
  t.false(r.ok);
  t.true(!r.ok && /more than 2 fraction digits/.test(r.errors[0]?.message ?? ''));
  t.false(decodeJson(dec(1), '0.05', strictJson()).ok);
  t.false(decodeJson(dec(2), '1.2301', strictJson()).ok);
});

test('zeros beyond fraction-digits are the same number (RFC 7950 §9.3: the value space), not too many digits', (t) => {
  t.is(value(decodeJson(dec(2), '1.230', strictJson())), '1.23');
  t.is(value(decodeJson(dec(2), '1.2300000', strictJson())), '1.23');
  t.is(value(decodeJson(dec(1), '-0.000', strictJson())), '0.0');
  t.is(value(decodeString(dec(3), '1.000000', urlText())), '1.0');
});

test('max and min of every fraction-digits value', (t) => {
  const digits = '9223372036854775807';
  for (let fd = 1; fd <= 18; fd++) {
    const whole = digits.slice(0, digits.length - fd);
    const fraction = digits.slice(digits.length - fd);
    const max = `${whole}.${fraction}`;
    const min = `-${whole}.${fraction.slice(0, -1)}${Number(fraction.at(-1)) + 1}`;
    t.is(value(decodeJson(dec(fd), max, strictJson())), max, `max fd=${fd}`);
    t.is(value(decodeJson(dec(fd), min, strictJson())), min, `min fd=${fd}`);
    const above = formatDecimal(2n ** 63n, fd);
    const below = formatDecimal(-(2n ** 63n) - 1n, fd);
    t.false(decodeJson(dec(fd), above, strictJson()).ok, `above max fd=${fd}`);
    t.false(decodeJson(dec(fd), below, strictJson()).ok, `below min fd=${fd}`);
  }
  t.is(value(decodeJson(dec(18), '9.223372036854775807', strictJson())), '9.223372036854775807');
  t.is(value(decodeJson(dec(1), '-922337203685477580.8', strictJson())), '-922337203685477580.8');
});

test('strict mode wants strings; plain mode takes numbers too', (t) => {
  t.false(decodeJson(dec(2), 1.5, strictJson()).ok);
  t.is(value(decodeJson(dec(2), 1.5, plainJson())), '1.5');
  t.is(value(decodeJson(dec(2), 0.1, plainJson())), '0.1');
  t.is(value(decodeJson(dec(2), 3, plainJson())), '3.0');
  t.is(value(decodeJson(dec(7), 1e-7, plainJson())), '0.0000001');
  t.false(decodeJson(dec(1), 1e21, plainJson()).ok, 'beyond decimal64');
  t.is(value(decodeJson(dec(1), 1e17, plainJson())), '100000000000000000.0');
  t.false(decodeJson(dec(2), 0.125, plainJson()).ok);
  t.false(decodeJson(dec(2), true, plainJson()).ok);
});

test('range restriction is in scaled units and shown as decimals', (t) => {
  const type = dec(2, { range: restriction(intervals([-150, 150])) });
  t.is(value(decodeJson(type, '1.5', strictJson())), '1.5');
  t.is(value(decodeJson(type, '-1.5', strictJson())), '-1.5');
  const r = decodeJson(type, '1.51', strictJson());
  t.true(!r.ok && r.errors[0]?.message === '"1.51" is out of range -1.5..1.5 for type decimal64');
});

test('encoding is the canonical string in both modes', (t) => {
  t.is(encodeJson(dec(2), '1.5', encodeStrict), '1.5');
  t.is(encodeJson(dec(2), '1.5', encodePlain), '1.5');
  t.is(encodeString(dec(2), '-0.25'), '-0.25');
  t.is(value(decodeString(dec(3), '2.500', urlText())), '2.5');
});

test('validateValue wants the canonical string', (t) => {
  t.true(validateValue(dec(2), '1.5').ok);
  t.false(validateValue(dec(2), '1.50').ok);
  t.false(validateValue(dec(2), 1.5).ok);
});

test('literal helpers', (t) => {
  t.deepEqual(parseDecimalLiteral('1.5', 2), { ok: true, value: 150n });
  t.deepEqual(parseDecimalLiteral('-0.01', 2), { ok: true, value: -1n });
  t.deepEqual(parseDecimalLiteral('12', 3), { ok: true, value: 12000n });
  t.false(parseDecimalLiteral('1.', 2).ok);
  t.false(parseDecimalLiteral('.5', 2).ok);
  t.false(parseDecimalLiteral('1.234', 2).ok);
  t.deepEqual(parseDecimalLiteral('1.500', 2), { ok: true, value: 150n });
  t.false(parseDecimalLiteral('1.500', 2, 'boundary').ok, 'range boundaries keep at most fraction-digits digits, as libyang');
  t.is(formatDecimal(150n, 2), '1.5');
  t.is(formatDecimal(0n, 5), '0.0');
  t.is(formatDecimal(-1n, 3), '-0.001');
  t.is(formatDecimal(3000n, 3), '3.0');
  t.deepEqual(decimal64Range(18), { min: -(2n ** 63n), max: 2n ** 63n - 1n });
  t.throws(() => decimal64Range(0));
  t.throws(() => decimal64Range(19));
});
