import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, validateValue } from '../../src/types/index.ts';
import { encodePlain, encodeStrict, makeType, plainJson, strictJson, urlText } from './make-type.ts';

const empty = makeType('empty');

test('[null] is the only JSON form, in both modes', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.deepEqual(decodeJson(empty, [null], options), { ok: true, value: null });
    for (const json of [true, null, [], [null, null], [true], '', {}]) {
      t.false(decodeJson(empty, json, options).ok, JSON.stringify(json));
    }
  }
});

test('empty as true is rejected with a clear message', (t) => {
  const r = decodeJson(empty, true, strictJson());
  t.true(!r.ok && r.errors[0]?.message === 'expected [null] for type empty, got the boolean true');
});

test('lexical form is the empty string', (t) => {
  t.deepEqual(decodeString(empty, '', urlText()), { ok: true, value: null });
  t.false(decodeString(empty, 'x', urlText()).ok);
});

test('encoding', (t) => {
  t.deepEqual(encodeJson(empty, null, encodeStrict), [null]);
  t.deepEqual(encodeJson(empty, null, encodePlain), [null]);
  t.is(JSON.stringify({ a: encodeJson(empty, null, encodeStrict) }), '{"a":[null]}');
  t.is(encodeString(empty, null), '');
  t.true(validateValue(empty, null).ok);
  t.false(validateValue(empty, true).ok);
});
