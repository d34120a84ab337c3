import test from 'ava';
import { decodeJson, decodeString, encodeJson, validateValue } from '../../src/types/index.ts';
import { encodeStrict, intervals, makeType, plainJson, restriction, strictJson, urlText } from './make-type.ts';

const binary = makeType('binary');

test('valid base64 with padding', (t) => {
  for (const text of ['', 'AA==', 'AAA=', 'AAAA', 'aGVsbG8=', 'aGVsbG8gd29ybGQ=', '+/+/']) {
    t.deepEqual(decodeJson(binary, text, strictJson()), { ok: true, value: text }, text);
  }
});

test('invalid base64 is rejected in both modes', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    for (const text of ['A', 'AA', 'AAA', 'AA=', 'A===', 'AA==AA==', 'aGVs bG8=', 'aGVsbG8', 'aGVs\nbG8=', '-_-_', '====']) {
      t.false(decodeJson(binary, text, options).ok, text);
    }
    t.false(decodeJson(binary, 5, options).ok);
  }
});

test('non-zero pad bits are cleared (canonical base64)', (t) => {
  t.deepEqual(decodeJson(binary, 'QR==', strictJson()), { ok: true, value: 'QQ==' });
  t.deepEqual(decodeJson(binary, 'QUJ=', strictJson()), { ok: true, value: 'QUI=' });
  t.deepEqual(decodeString(binary, 'QUI=', urlText()), { ok: true, value: 'QUI=' });
  t.true(validateValue(binary, 'QQ==').ok);
  t.false(validateValue(binary, 'QR==').ok);
});

test('length counts decoded octets', (t) => {
  const type = makeType('binary', { length: restriction(intervals([4, 4])) });
  t.true(decodeJson(type, 'AAAAAA==', strictJson()).ok); // 4 octets
  t.false(decodeJson(type, 'AAAA', strictJson()).ok); // 3 octets
  t.false(decodeJson(type, 'AAAAAAA=', strictJson()).ok); // 5 octets
  const r = decodeJson(type, 'AAAA', strictJson());
  t.true(!r.ok && r.errors[0]?.message === 'value has 3 octets, outside the length 4 for type binary');
});

test('encoding is the value', (t) => {
  t.is(encodeJson(binary, 'QQ==', encodeStrict), 'QQ==');
});
