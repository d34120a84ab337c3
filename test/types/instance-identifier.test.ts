import test from 'ava';
import { decodeJson, decodeString, encodeJson, validateValue } from '../../src/types/index.ts';
import { encodeStrict, makeType, plainJson, strictJson, urlText, yangText } from './make-type.ts';

const ii = makeType('instance-identifier');
const decoded = (json: unknown): unknown => {
  const r = decodeJson(ii, json, strictJson());
  return r.ok ? r.value : undefined;
};

test('valid RFC 7951 instance-identifiers', (t) => {
  for (const text of [
    '/ietf-interfaces:interfaces',
    "/ietf-interfaces:interfaces/interface[name='eth0']/ietf-ip:ipv4/ip",
    "/ex:system/server[ip='192.0.2.1'][port='80']",
    "/ex:system/services/ssh/cipher[.='blowfish-cbc']",
    '/ex:stats/port[3]',
    '/ex:a/b/ex2:c/d',
    '/ex:a[k="it\'s"]',
    "/ex:a[ex2:k='v']",
  ]) {
    t.is(decoded(text), text, text);
    t.true(decodeJson(ii, text, plainJson()).ok);
  }
});

test('invalid instance-identifiers', (t) => {
  for (const text of [
    '', 'ex:a', '/a', '/ex:a/', '/ex:a//b', '/ex:', '/1ex:a', "/ex:a[k=v]", "/ex:a[k='v'", "/ex:a[k='v]",
    "/ex:a[0]", "/ex:a[01]", "/ex:a[.='x'][.='y']", "/ex:a[1][k='v']", "/ex:a[k='v'][k='w']", '/ex:a b',
  ]) {
    t.is(decoded(text), undefined, text);
  }
  t.false(decodeJson(ii, 5, strictJson()).ok);
});

test('canonical layout: no whitespace, no redundant qualifiers', (t) => {
  t.is(decoded("/ex:a/ex:b[ ex:k = 'v' ][ j=\"w\" ]"), "/ex:a/b[k='v'][j='w']");
  t.is(decoded("/ex:a/ex2:b/ex2:c"), '/ex:a/ex2:b/c');
  t.is(decoded('/ex:a[ 2 ]'), '/ex:a[2]');
});

test('YANG default form: prefixes become module names, every name must be prefixed', (t) => {
  const prefixes = new Map([['if', 'ietf-interfaces'], ['ip', 'ietf-ip']]);
  const r = decodeString(ii, "/if:interfaces/if:interface[if:name='eth0']/ip:ipv4", yangText({ prefixes }));
  t.deepEqual(r, { ok: true, value: "/ietf-interfaces:interfaces/interface[name='eth0']/ietf-ip:ipv4" });
  t.false(decodeString(ii, '/if:interfaces/interface', yangText({ prefixes })).ok);
  t.false(decodeString(ii, '/zz:interfaces', yangText({ prefixes })).ok);
});

test('URL form uses module names; encoding is the value', (t) => {
  t.deepEqual(decodeString(ii, '/ex:a/b', urlText()), { ok: true, value: '/ex:a/b' });
  t.is(encodeJson(ii, '/ex:a/b', encodeStrict), '/ex:a/b');
  t.true(validateValue(ii, '/ex:a/b').ok);
  t.false(validateValue(ii, '/ex:a/ex:b').ok, 'not canonical');
});
