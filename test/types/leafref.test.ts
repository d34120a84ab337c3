import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, leafrefTargetType, validateValue } from '../../src/types/index.ts';
import { encodePlain, encodeStrict, intervals, leafrefTo, makeType, restriction, strictJson, urlText } from './make-type.ts';

const port = makeType('uint16', { range: restriction(intervals([1, 1024])) });
const ref = leafrefTo(port);

test('a leafref takes the values of its target type', (t) => {
  t.deepEqual(decodeJson(ref, 80, strictJson()), { ok: true, value: 80 });
  t.false(decodeJson(ref, 8080, strictJson()).ok);
  t.false(decodeJson(ref, '80', strictJson()).ok);
  t.deepEqual(decodeString(ref, '22', urlText()), { ok: true, value: 22 });
  t.is(encodeJson(ref, 22, encodeStrict), 22);
  t.is(encodeString(ref, 22), '22');
  t.true(validateValue(ref, 22).ok);
  t.false(validateValue(ref, 0).ok);
});

test('leafrefs to leafrefs are followed', (t) => {
  const counter = makeType('uint64');
  const refRef = leafrefTo(leafrefTo(counter));
  t.is(leafrefTargetType(refRef), counter);
  t.deepEqual(decodeJson(refRef, '7', strictJson()), { ok: true, value: 7n });
  t.is(encodeJson(refRef, 7n, encodePlain), 7);
});

test('an unresolved leafref is an error, not a crash', (t) => {
  const r = decodeJson(makeType('leafref'), 'x', strictJson());
  t.false(r.ok);
});
