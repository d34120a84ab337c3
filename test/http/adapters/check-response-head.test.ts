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

test('a frozen header object passes again and again; one whose getter turns bad, or a changeable object, is checked every time', (t) => {
  const frozen = Object.freeze({ 'content-type': 'application/json' });
  for (let i = 0; i < 3; i += 1) t.notThrows(() => checkResponseHead(head(frozen)));
  let value = 'ok';
  const withGetter = Object.freeze({ get 'x-v'() { return value; } });
  t.notThrows(() => checkResponseHead(head(withGetter)));
  value = 'a\r\nset-cookie: b=c';
  t.throws(() => checkResponseHead(head(withGetter)), { instanceOf: TypeError, message: /invalid value for header x-v/ });
  const open: Record<string, string> = { 'x-v': 'ok' };
  t.notThrows(() => checkResponseHead(head(open)));
  open['x-v'] = 'a\nb';
  t.throws(() => checkResponseHead(head(open)), { instanceOf: TypeError });
  const inherited = Object.freeze(Object.create({ 'x-v': 'ok' }) as Record<string, string>);
  t.notThrows(() => checkResponseHead(head(inherited)));
  Object.getPrototypeOf(inherited)['x-v'] = 'a\rb';
  t.throws(() => checkResponseHead(head(inherited)), { instanceOf: TypeError }, 'an inherited field can change: checked each time');
  t.throws(() => checkResponseHead(head(frozen, 42)), { instanceOf: TypeError, message: /invalid HTTP status/ }, 'the status is checked every time');
});

test('a request id that could end its field early, or is no text, is refused', (t) => {
  t.notThrows(() => checkResponseHead({ ...head({}), requestId: 'abc-1.2:3' }));
  const frozen = Object.freeze({ 'content-type': 'application/json' });
  t.notThrows(() => checkResponseHead({ ...head(frozen), requestId: 'abc-2' }));
  t.throws(() => checkResponseHead({ ...head(frozen), requestId: 'a\r\nb' }), { instanceOf: TypeError, message: /invalid request id/ }, 'headers passed before do not pass the id');
  for (const requestId of ['a\r\nset-cookie: b=c', 'a\nb', '\u0000', '\u20ac', 5]) {
    t.throws(() => checkResponseHead({ ...head({}), requestId: requestId as string }), { instanceOf: TypeError, message: /invalid request id/ }, JSON.stringify(requestId));
  }
});
