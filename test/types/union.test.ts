import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString } from '../../src/types/index.ts';
import {
  encodePlain, encodeStrict, enumsOf, intervals, lookupOf, makeIdentity, makeType, pattern, plainJson, restriction,
  strictJson, urlText,
} from './make-type.ts';

const uint16OrString = makeType('union', { members: [makeType('uint16'), makeType('string')] });
const value = (r: ReturnType<typeof decodeJson>): unknown => (r.ok ? r.value : 'FAILED');

test('RFC 7951 §6.10: each member under its own JSON rules', (t) => {
  t.is(value(decodeJson(uint16OrString, 13, strictJson())), 13);
  t.is(value(decodeJson(uint16OrString, '13', strictJson())), '13', 'a JSON string is never a uint16 in strict mode');
  t.is(value(decodeJson(uint16OrString, '13.5', strictJson())), '13.5');
  const r = decodeJson(uint16OrString, 13.5, strictJson());
  t.false(r.ok, '13.5 as a number is neither a uint16 nor a string');
  t.true(!r.ok && r.errors.length === 1 && /matches no member type of union/.test(r.errors[0]?.message ?? ''));
  t.is(r.ok ? undefined : r.errors[0]?.appTag, undefined);
});

test('plain mode lets numeric strings reach integer members first', (t) => {
  t.is(value(decodeJson(uint16OrString, '13', plainJson())), 13);
  t.is(value(decodeJson(uint16OrString, '70000', plainJson())), '70000');
});

test('members are tried in order', (t) => {
  const stringFirst = makeType('union', { members: [makeType('string'), makeType('uint16')] });
  t.is(value(decodeString(stringFirst, '13', urlText())), '13');
  t.is(value(decodeString(uint16OrString, '13', urlText())), 13);
  const narrowFirst = makeType('union', {
    members: [makeType('int8', { range: restriction(intervals([0, 9])) }), makeType('int32')],
  });
  t.is(value(decodeJson(narrowFirst, 5, strictJson())), 5);
  t.is(value(decodeJson(narrowFirst, 50, strictJson())), 50);
  const enumOrPattern = makeType('union', {
    members: [makeType('enumeration', { enums: enumsOf('auto') }), makeType('string', { patterns: [pattern('[0-9]+M')] })],
  });
  t.is(value(decodeJson(enumOrPattern, 'auto', strictJson())), 'auto');
  t.is(value(decodeJson(enumOrPattern, '100M', strictJson())), '100M');
  t.false(decodeJson(enumOrPattern, 'manual', strictJson()).ok);
});

test('int64 in a union: JSON string in strict mode', (t) => {
  const type = makeType('union', { members: [makeType('int64'), makeType('boolean')] });
  t.is(value(decodeJson(type, '5', strictJson())), 5n);
  t.false(decodeJson(type, 5, strictJson()).ok);
  t.is(value(decodeJson(type, 5, plainJson())), 5n);
  t.is(value(decodeJson(type, true, strictJson())), true);
});

test('union with empty, identityref and decimal64 members', (t) => {
  const base = makeIdentity('m', 'base');
  const child = makeIdentity('m', 'child', [base]);
  const identity = lookupOf(base, child);
  const type = makeType('union', {
    members: [makeType('empty'), makeType('identityref', { bases: [base] }), makeType('decimal64', { fractionDigits: 2 })],
  });
  const options = strictJson({ leafModule: 'm', identity });
  t.is(value(decodeJson(type, [null], options)), null);
  t.is(value(decodeJson(type, 'child', options)), 'm:child');
  t.is(value(decodeJson(type, '2.50', options)), '2.5');
  t.false(decodeJson(type, 'base', options).ok);
});

test('encoding picks the first member the value is valid for', (t) => {
  t.is(encodeJson(uint16OrString, 13, encodeStrict), 13);
  t.is(encodeJson(uint16OrString, '13', encodeStrict), '13');
  const wide = makeType('union', { members: [makeType('int8'), makeType('uint64'), makeType('string')] });
  t.is(encodeJson(wide, 5, encodeStrict), 5);
  t.is(encodeJson(wide, 500n, encodeStrict), '500');
  t.is(encodeJson(wide, 500n, encodePlain), 500);
  t.is(encodeString(wide, 500n), '500');
  const withEmpty = makeType('union', { members: [makeType('empty'), makeType('string')] });
  t.deepEqual(encodeJson(withEmpty, null, encodeStrict), [null]);
  t.is(encodeJson(withEmpty, 'x', encodeStrict), 'x');
  const base = makeIdentity('m', 'base');
  const idOrString = makeType('union', { members: [makeType('identityref', { bases: [base] }), makeType('string')] });
  t.is(encodeJson(idOrString, 'm:child', { strict: true, leafModule: 'm' }), 'child');
});
