/**
 * RFC 7239 `Forwarded` parsing: §4 "forwarded-element = [ forwarded-pair ]
 * *( ";" [ forwarded-pair ] )", values tokens or quoted strings, elements
 * comma-separated, nearest the client first; §6 IPv6 node names quoted with
 * brackets and an optional port.
 */
import test from 'ava';
import { parseForwarded } from '../../../src/http/forwarded/index.ts';

test('one element: parameters by name, case-insensitive names, token values', (t) => {
  t.deepEqual(parseForwarded('for=192.0.2.60;proto=http;by=203.0.113.43'), [{ for: '192.0.2.60', proto: 'http', by: '203.0.113.43' }]);
  t.deepEqual(parseForwarded('For=192.0.2.60; PROTO=https ; Host=example.com'), [{ for: '192.0.2.60', proto: 'https', host: 'example.com' }]);
});

test('quoted values: IPv6 with brackets and port, escapes, separators inside quotes', (t) => {
  t.deepEqual(parseForwarded('for="[2001:db8:cafe::17]:4711"'), [{ for: '[2001:db8:cafe::17]:4711' }]);
  t.deepEqual(parseForwarded('for="[::1]:51234";host="rc.example:8443";proto=https'), [{ for: '[::1]:51234', host: 'rc.example:8443', proto: 'https' }]);
  t.deepEqual(parseForwarded('for="a,b;c=d";by="x\\"y"'), [{ for: 'a,b;c=d', by: 'x"y' }]);
});

test('several hops, in one header or repeated headers joined with commas, nearest the client first', (t) => {
  t.deepEqual(parseForwarded('for=192.0.2.43, for=198.51.100.17;by=203.0.113.60;proto=http;host=example.com'), [
    { for: '192.0.2.43' },
    { for: '198.51.100.17', by: '203.0.113.60', proto: 'http', host: 'example.com' },
  ]);
  t.deepEqual(parseForwarded('for=_hidden, for=unknown, for="[2001:db8::1]"'), [{ for: '_hidden' }, { for: 'unknown' }, { for: '[2001:db8::1]' }]);
});

test('a malformed element tells nothing but keeps its place; empty list elements are no hops; unknown parameters are ignored', (t) => {
  t.deepEqual(parseForwarded('for=1.2.3.4, garbage, for=5.6.7.8'), [{ for: '1.2.3.4' }, {}, { for: '5.6.7.8' }]);
  t.deepEqual(parseForwarded('for="unterminated, for=5.6.7.8'), [{}]);
  t.deepEqual(parseForwarded('for=1.2.3.4;for=9.9.9.9, for=5.6.7.8'), [{}, { for: '5.6.7.8' }], 'a parameter twice in an element');
  t.deepEqual(parseForwarded('for=a b'), [{}]);
  t.deepEqual(parseForwarded(' , for=1.2.3.4 ,, '), [{ for: '1.2.3.4' }]);
  t.deepEqual(parseForwarded('secret=1;for=1.2.3.4'), [{ for: '1.2.3.4' }]);
  t.deepEqual(parseForwarded(''), []);
});
