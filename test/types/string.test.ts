import test from 'ava';
import { decodeJson, decodeString, encodeJson, validateValue } from '../../src/types/index.ts';
import { encodeStrict, intervals, makeType, pattern, plainJson, restriction, strictJson, urlText } from './make-type.ts';

const plain = makeType('string');

test('any JSON string is a string value; other JSON types are not', (t) => {
  for (const options of [strictJson(), plainJson()]) {
    t.deepEqual(decodeJson(plain, 'héllo wörld\n\t', options), { ok: true, value: 'héllo wörld\n\t' });
    t.deepEqual(decodeJson(plain, '', options), { ok: true, value: '' });
    t.false(decodeJson(plain, 5, options).ok);
    t.false(decodeJson(plain, null, options).ok);
    t.false(decodeJson(plain, ['a'], options).ok);
  }
  t.is(encodeJson(plain, 'x', encodeStrict), 'x');
});

test('characters YANG strings cannot hold', (t) => {
  for (const bad of ['a\u0000b', '\u0001', '\u001f', '\u000b', '\ufffe', '\uffff', '\ufdd0', 'x\ud800', '\udc00y', '\u{1fffe}', '\u{10ffff}']) {
    const r = decodeJson(plain, bad, strictJson());
    t.false(r.ok, JSON.stringify(bad));
  }
  const r = decodeJson(plain, 'a\u0007', strictJson());
  t.true(!r.ok && /U\+0007/.test(r.errors[0]?.message ?? ''));
  for (const good of ['\t\n\r', '\u007f\u0085', '\ufdcf\ufdf0\ufffd', '😀', '\u{10fffd}']) {
    t.true(decodeJson(plain, good, strictJson()).ok, JSON.stringify(good));
  }
});

test('length counts Unicode characters, not UTF-16 units', (t) => {
  const type = makeType('string', { length: restriction(intervals([2, 3])) });
  t.true(decodeJson(type, '😀😀', strictJson()).ok);
  t.true(decodeJson(type, '😀😀😀', strictJson()).ok);
  t.false(decodeJson(type, '😀', strictJson()).ok);
  t.false(decodeJson(type, '😀😀😀😀', strictJson()).ok);
  const r = decodeJson(type, 'abcd', strictJson());
  t.true(!r.ok && r.errors[0]?.message === '"abcd" has 4 characters, outside the length 2..3 for type string');
});

test('length with error-message and app-tag; max may be 2^64-1', (t) => {
  const type = makeType('string', {
    length: restriction([{ min: 1n, max: 2n ** 64n - 1n }], 'must not be empty', 'empty-name'),
  });
  t.true(decodeJson(type, 'x'.repeat(1000), strictJson()).ok);
  t.deepEqual(decodeJson(type, '', strictJson()), {
    ok: false, errors: [{ tag: 'invalid-value', appTag: 'empty-name', message: 'must not be empty' }],
  });
});

test('every pattern must match, and every failure is reported', (t) => {
  const type = makeType('string', {
    length: restriction(intervals([1, 3])),
    patterns: [pattern('[0-9]+'), pattern('[0-5]*', { errorMessage: 'digits 0-5 only', errorAppTag: 'low-digits' })],
  });
  t.true(decodeJson(type, '123', strictJson()).ok);
  t.deepEqual(decodeJson(type, '9', strictJson()), {
    ok: false, errors: [{ tag: 'invalid-value', appTag: 'low-digits', message: 'digits 0-5 only' }],
  });
  const r = decodeJson(type, 'abcd', strictJson());
  t.false(r.ok);
  if (!r.ok) {
    t.is(r.errors.length, 3);
    t.is(r.errors[1]?.message, 'value "abcd" does not match pattern "[0-9]+"');
    t.is(r.errors[1]?.appTag, undefined);
  }
});

test('patterns match the whole value', (t) => {
  const type = makeType('string', { patterns: [pattern('[a-z]+')] });
  t.true(decodeJson(type, 'abc', strictJson()).ok);
  t.false(decodeJson(type, 'abc1', strictJson()).ok);
  t.false(decodeJson(type, '1abc', strictJson()).ok);
});

test('invert-match', (t) => {
  const type = makeType('string', { patterns: [pattern('[xX][mM][lL].*', { invertMatch: true })] });
  t.true(decodeJson(type, 'yang', strictJson()).ok);
  const r = decodeJson(type, 'xml-thing', strictJson());
  t.true(!r.ok && r.errors[0]?.message === 'value "xml-thing" matches the inverted pattern "[xX][mM][lL].*"');
});

test('an invalid pattern is reported, not thrown', (t) => {
  const type = makeType('string', { patterns: [pattern('[a-')] });
  const r = decodeJson(type, 'a', strictJson());
  t.true(!r.ok && /invalid pattern/.test(r.errors[0]?.message ?? ''));
});

test('lexical form and validateValue apply the same checks', (t) => {
  const type = makeType('string', { patterns: [pattern('[a-z]+')] });
  t.deepEqual(decodeString(type, 'abc', urlText()), { ok: true, value: 'abc' });
  t.false(decodeString(type, 'ABC', urlText()).ok);
  t.true(validateValue(type, 'abc').ok);
  t.false(validateValue(type, 'ABC').ok);
  t.false(validateValue(type, 5).ok);
});
