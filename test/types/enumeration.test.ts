import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, validateValue } from '../../src/types/index.ts';
import { encodeStrict, enumsOf, makeType, plainJson, strictJson, urlText } from './make-type.ts';

const color = makeType('enumeration', { enums: enumsOf('red', 'green', 'blue') });

test('enum names, case-sensitive, in both modes', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.deepEqual(decodeJson(color, 'green', options), { ok: true, value: 'green' });
    t.false(decodeJson(color, 'Green', options).ok);
    t.false(decodeJson(color, 1, options).ok, 'the enum value is not accepted for the name');
  }
  const r = decodeJson(color, 'pink', strictJson());
  t.true(!r.ok && r.errors[0]?.message === '"pink" is not a value of type enumeration; expected one of red, green, blue');
});

test('long enumerations are listed in part', (t) => {
  const many = makeType('enumeration', {
    enums: enumsOf(...Array.from({ length: 40 }, (_, i) => `e${i}`)),
    typedef: { module: 'm', name: 'big' },
  });
  const r = decodeJson(many, 'x', strictJson());
  t.true(!r.ok && r.errors[0]?.message === '"x" is not a value of type m:big; expected one of e0, e1, e2, e3, e4, e5, e6, e7, e8, e9, … (40 in all)');
  t.true(decodeJson(many, 'e39', strictJson()).ok);
});

test('lexical form, encoding, validation', (t) => {
  t.deepEqual(decodeString(color, 'blue', urlText()), { ok: true, value: 'blue' });
  t.false(decodeString(color, 'purple', urlText()).ok);
  t.is(encodeJson(color, 'red', encodeStrict), 'red');
  t.is(encodeString(color, 'red'), 'red');
  t.true(validateValue(color, 'red').ok);
  t.false(validateValue(color, 'pink').ok);
});
