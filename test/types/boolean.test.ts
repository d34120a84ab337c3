import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString } from '../../src/types/index.ts';
import { encodePlain, encodeStrict, makeType, plainJson, strictJson, urlText } from './make-type.ts';

const boolean = makeType('boolean');

test('JSON true and false, in both modes; nothing else', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.deepEqual(decodeJson(boolean, true, options), { ok: true, value: true });
    t.deepEqual(decodeJson(boolean, false, options), { ok: true, value: false });
    for (const json of ['true', 'false', 1, 0, null, [null]]) t.false(decodeJson(boolean, json, options).ok, String(json));
  }
});

test('lexical form is exactly "true" or "false"', (t) => {
  t.deepEqual(decodeString(boolean, 'true', urlText()), { ok: true, value: true });
  t.deepEqual(decodeString(boolean, 'false', urlText()), { ok: true, value: false });
  t.false(decodeString(boolean, 'True', urlText()).ok);
  t.false(decodeString(boolean, '1', urlText()).ok);
});

test('encoding', (t) => {
  t.is(encodeJson(boolean, true, encodeStrict), true);
  t.is(encodeJson(boolean, false, encodePlain), false);
  t.is(encodeString(boolean, false), 'false');
});
