import test from 'ava';
import { INTEGER_RANGES, isIntegerType, parseIntegerLiteral } from '../../src/types/index.ts';

const parsed = (text: string, syntax?: 'yang' | 'instance'): bigint | undefined => {
  const r = parseIntegerLiteral(text, syntax);
  return r.ok ? r.value : undefined;
};

test('INTEGER_RANGES are the RFC 7950 §9.2 value spaces', (t) => {
  t.deepEqual(INTEGER_RANGES.int8, { min: -128n, max: 127n });
  t.deepEqual(INTEGER_RANGES.uint16, { min: 0n, max: 65535n });
  t.deepEqual(INTEGER_RANGES.int32, { min: -(2n ** 31n), max: 2n ** 31n - 1n });
  t.deepEqual(INTEGER_RANGES.int64, { min: -(2n ** 63n), max: 2n ** 63n - 1n });
  t.deepEqual(INTEGER_RANGES.uint64, { min: 0n, max: 2n ** 64n - 1n });
  t.is(Object.keys(INTEGER_RANGES).length, 8);
  t.true(isIntegerType('uint32'));
  t.false(isIntegerType('decimal64'));
});

test('module (default) syntax: decimal, 0x hexadecimal, leading-0 octal, optional sign', (t) => {
  t.is(parsed('42'), 42n);
  t.is(parsed('+42'), 42n);
  t.is(parsed('-42'), -42n);
  t.is(parsed('0'), 0n);
  t.is(parsed('-0'), 0n);
  t.is(parsed('0x1f'), 31n);
  t.is(parsed('0x1F'), 31n);
  t.is(parsed('-0xFF'), -255n);
  t.is(parsed('017'), 15n);
  t.is(parsed('-010'), -8n);
  t.is(parsed('18446744073709551616'), 2n ** 64n, 'not range-checked');
  for (const bad of ['', '+', '-', '0x', '0X1F', '08', '019', '1.0', '1e3', ' 1', '1 ', '0b1', '--1', '0o7', 'x1']) {
    t.is(parsed(bad), undefined, bad);
  }
});

test('instance syntax: decimal only, leading zeros allowed', (t) => {
  t.is(parsed('017', 'instance'), 17n);
  t.is(parsed('+0', 'instance'), 0n);
  t.is(parsed('-9223372036854775808', 'instance'), -(2n ** 63n));
  for (const bad of ['0x1F', '', ' 1', '1.', '٣']) t.is(parsed(bad, 'instance'), undefined, bad);
});

test('the error says which literal is wrong', (t) => {
  t.deepEqual(parseIntegerLiteral('abc'), {
    ok: false, errors: [{ tag: 'invalid-value', appTag: undefined, message: '"abc" is not a valid integer' }],
  });
});
