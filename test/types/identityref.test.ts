import test from 'ava';
import { decodeJson, decodeString, encodeJson, encodeString, isDerivedFrom, validateValue } from '../../src/types/index.ts';
import { lookupOf, makeIdentity, makeType, plainJson, strictJson, urlText, yangText } from './make-type.ts';

// crypto:algorithm <- crypto:hash <- crypto:sha-2 <- crypto:sha-256
//                                  \- ext:blake (ext module), and ext:sha-3 derives from crypto:hash and ext:fips
const algorithm = makeIdentity('crypto', 'algorithm');
const hash = makeIdentity('crypto', 'hash', [algorithm]);
const sha2 = makeIdentity('crypto', 'sha-2', [hash]);
const sha256 = makeIdentity('crypto', 'sha-256', [sha2]);
const fips = makeIdentity('ext', 'fips');
const blake = makeIdentity('ext', 'blake', [hash]);
const sha3 = makeIdentity('ext', 'sha-3', [hash, fips]);
const cipher = makeIdentity('crypto', 'cipher', [algorithm]);
const identity = lookupOf(algorithm, hash, sha2, sha256, fips, blake, sha3, cipher);

const hashType = makeType('identityref', { bases: [hash] });
const fipsHash = makeType('identityref', { bases: [hash, fips] });
const options = strictJson({ leafModule: 'crypto', identity });

test('derivation is strict and transitive', (t) => {
  t.true(isDerivedFrom(sha256, hash));
  t.true(isDerivedFrom(sha256, algorithm));
  t.true(isDerivedFrom(sha3, fips));
  t.false(isDerivedFrom(hash, hash), 'not derived from itself');
  t.false(isDerivedFrom(algorithm, hash));
  t.false(isDerivedFrom(cipher, hash));
});

test('JSON: qualified names, or unqualified in the leaf module', (t) => {
  t.deepEqual(decodeJson(hashType, 'crypto:sha-256', options), { ok: true, value: 'crypto:sha-256' });
  t.deepEqual(decodeJson(hashType, 'sha-256', options), { ok: true, value: 'crypto:sha-256' });
  t.deepEqual(decodeJson(hashType, 'ext:blake', options), { ok: true, value: 'ext:blake' });
  t.false(decodeJson(hashType, 'blake', options).ok, 'identities of other modules must be qualified');
  t.deepEqual(decodeJson(hashType, 'sha-256', plainJson({ leafModule: 'crypto', identity })), { ok: true, value: 'crypto:sha-256' });
});

test('JSON: unknown identities, the base itself, and non-derived identities are rejected', (t) => {
  const unknown = decodeJson(hashType, 'crypto:md5', options);
  t.true(!unknown.ok && /not defined/.test(unknown.errors[0]?.message ?? ''));
  t.false(decodeJson(hashType, 'crypto:hash', options).ok);
  const notDerived = decodeJson(hashType, 'crypto:cipher', options);
  t.true(!notDerived.ok && notDerived.errors[0]?.message === 'identity "crypto:cipher" is not derived from crypto:hash, as type identityref requires');
  t.false(decodeJson(hashType, 'nosuch:sha-256', options).ok);
  t.false(decodeJson(hashType, 'crypto:', options).ok);
  t.false(decodeJson(hashType, 1, options).ok);
});

test('every base must be a base of the value', (t) => {
  t.true(decodeJson(fipsHash, 'ext:sha-3', options).ok);
  t.false(decodeJson(fipsHash, 'crypto:sha-256', options).ok);
  t.false(decodeJson(fipsHash, 'ext:blake', options).ok);
});

test('lexical form in a module: prefixes resolve through the prefix map', (t) => {
  const prefixes = new Map([['c', 'crypto'], ['x', 'ext']]);
  t.deepEqual(decodeString(hashType, 'c:sha-256', yangText({ leafModule: 'crypto', identity, prefixes })), { ok: true, value: 'crypto:sha-256' });
  t.deepEqual(decodeString(hashType, 'x:blake', yangText({ leafModule: 'crypto', identity, prefixes })), { ok: true, value: 'ext:blake' });
  t.deepEqual(decodeString(hashType, 'sha-2', yangText({ leafModule: 'crypto', identity, prefixes })), { ok: true, value: 'crypto:sha-2' });
  const unknown = decodeString(hashType, 'crypto:sha-256', yangText({ leafModule: 'crypto', identity, prefixes }));
  t.true(!unknown.ok && unknown.errors[0]?.message === 'prefix "crypto" of "crypto:sha-256" is not imported');
});

test('lexical form in a module: the type\'s own prefixes are the default', (t) => {
  const withPrefixes = makeType('identityref', { bases: [hash], prefixes: new Map([['cr', 'crypto']]) });
  t.deepEqual(decodeString(withPrefixes, 'cr:sha-256', yangText({ leafModule: 'other', identity })), { ok: true, value: 'crypto:sha-256' });
});

test('lexical form in a URL: module names', (t) => {
  t.deepEqual(decodeString(hashType, 'ext:blake', urlText({ leafModule: 'crypto', identity })), { ok: true, value: 'ext:blake' });
  t.false(decodeString(hashType, 'x:blake', urlText({ leafModule: 'crypto', identity })).ok);
});

test('encoding: qualified unless in the leaf module', (t) => {
  t.is(encodeJson(hashType, 'crypto:sha-256', { strict: true, leafModule: 'crypto' }), 'sha-256');
  t.is(encodeJson(hashType, 'ext:blake', { strict: true, leafModule: 'crypto' }), 'ext:blake');
  t.is(encodeJson(hashType, 'crypto:sha-256', { strict: false, leafModule: 'cryptography' }), 'crypto:sha-256');
  t.is(encodeString(hashType, 'crypto:sha-256'), 'crypto:sha-256');
});

test('validateValue: qualified syntax always, derivation when a lookup is given', (t) => {
  t.true(validateValue(hashType, 'crypto:cipher').ok);
  t.false(validateValue(hashType, 'crypto:cipher', identity).ok);
  t.true(validateValue(hashType, 'crypto:sha-256', identity).ok);
  t.false(validateValue(hashType, 'sha-256').ok);
});
