import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, validateValue } from '../../src/types/index.ts';
import { bitsOf, encodePlain, encodeStrict, makeType, plainJson, strictJson, urlText } from './make-type.ts';

const flags = makeType('bits', { bits: bitsOf(['up', 0], ['running', 1], ['dormant', 5]) });

test('names in any order come back in position order', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.deepEqual(decodeJson(flags, 'dormant up', options), { ok: true, value: ['up', 'dormant'] });
    t.deepEqual(decodeJson(flags, 'running dormant up', options), { ok: true, value: ['up', 'running', 'dormant'] });
    t.deepEqual(decodeJson(flags, '', options), { ok: true, value: [] });
    t.deepEqual(decodeJson(flags, '  up \t running\n', options), { ok: true, value: ['up', 'running'] });
  }
});

test('unknown and repeated bits, and non-strings, are errors', (t) => {
  const unknown = decodeJson(flags, 'up down', strictJson());
  t.true(!unknown.ok && unknown.errors[0]?.message === '"down" in "up down" is not a bit of type bits; expected up, running, dormant');
  t.false(decodeJson(flags, 'up up', strictJson()).ok);
  t.false(decodeJson(flags, ['up'], strictJson()).ok);
  t.false(decodeJson(flags, 1, plainJson()).ok);
  t.false(decodeString(flags, 'UP', urlText()).ok);
});

test('encoding: space-separated, position order', (t) => {
  t.is(encodeJson(flags, ['up', 'dormant'], encodeStrict), 'up dormant');
  t.is(encodeJson(flags, [], encodePlain), '');
  t.is(encodeString(flags, ['running', 'dormant']), 'running dormant');
});

test('validateValue wants known names in position order', (t) => {
  t.true(validateValue(flags, ['up', 'dormant']).ok);
  t.false(validateValue(flags, ['dormant', 'up']).ok);
  t.false(validateValue(flags, ['nope']).ok);
  t.false(validateValue(flags, 'up').ok);
});
