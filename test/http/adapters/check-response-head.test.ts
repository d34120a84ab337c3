import test from 'ava';
import { checkResponseHead } from '../../../src/http/adapters/check-response-head.ts';

const head = (headers: Record<string, unknown>, status = 200) => ({ status, headers: headers as Record<string, string>, body: '' });

test('a head of tokens and printable values passes, tab and bytes 0x80–0xFF in values included', (t) => {
  t.notThrows(() => checkResponseHead(head({ 'content-type': 'application/json', "x-a!#$%&'*+-.^_`|~09AZ": 'v\tw', 'x-latin': 'caf\u00e9 \u00ff' })));
  t.notThrows(() => checkResponseHead(head({}, 204)));
});

test('a field name that is no token is refused, also beside names passed before', (t) => {
  t.notThrows(() => checkResponseHead(head({ 'x-ok': '1' })));
  for (const name of ['', 'bad name', 'x:y', 'x\r\ny', 'caf\u00e9', 'x(y)', 'x"y', 'x/y', 'x\u0000']) {
    t.throws(() => checkResponseHead(head({ 'x-ok': '1', [name]: 'v' })), { instanceOf: TypeError, message: /invalid header name/ }, JSON.stringify(name));
  }
});

test('a value with CR, LF, NUL, another control, DEL or a character above U+00FF is refused', (t) => {
  for (const value of ['a\r\nset-cookie: b=c', 'a\nb', 'a\rb', 'a\u0000', '\u0001', 'a\u007f', '\u0100', '\u20ac', '\ud83d\ude00']) {
    t.throws(() => checkResponseHead(head({ 'x-v': value })), { instanceOf: TypeError, message: /invalid value for header x-v/ }, JSON.stringify(value));
  }
  t.throws(() => checkResponseHead(head({ 'x-v': 5 })), { instanceOf: TypeError });
});

test('a status outside 100–999 or not an integer is refused', (t) => {
  for (const status of [42, 99, 1000, 200.5, Number.NaN]) t.throws(() => checkResponseHead(head({}, status)), { instanceOf: TypeError, message: /invalid HTTP status/ });
  t.notThrows(() => checkResponseHead(head({}, 100)));
  t.notThrows(() => checkResponseHead(head({}, 999)));
});
