import test from 'ava';
import type { CoreRequest } from '../../src/http/exchange.ts';
import { ORIGIN } from '../../src/http/request-origin.ts';
import { requestSlot } from '../../src/http/request-slot.ts';

const request = (): CoreRequest => ({ method: 'GET', path: '/', query: '', headers: new Map(), body: [] as unknown as AsyncIterable<Uint8Array>, signal: new AbortController().signal, remoteAddress: '127.0.0.1', protocol: 'http/1.1', secure: false });

test('each slot finds its own value on the request it was kept on, and from a rewrite of that request, not on another request', (t) => {
  const first = requestSlot<string>();
  const second = requestSlot<number>();
  const a = request();
  const b = request();
  t.is(first.of(a), undefined);
  second.keep(a, 2);
  t.is(first.of(a), undefined, 'a slot kept nothing: nothing, though another slot kept a value');
  first.keep(a, 'one');
  first.keep(b, 'other');
  t.is(first.of(a), 'one');
  t.is(second.of(a), 2);
  t.is(first.of(b), 'other');
  t.is(second.of(b), undefined);
  const rewritten = { ...a, query: 'depth=1', [ORIGIN]: a } as CoreRequest;
  t.is(first.of(rewritten), 'one');
  second.keep(rewritten, 3);
  t.is(second.of(a), 3, 'kept through a rewrite: on the transport\'s request');
});

test('a request that takes no property keeps each slot\'s value aside, found the same way', (t) => {
  const first = requestSlot<string>();
  const second = requestSlot<string>();
  const frozen = Object.freeze(request());
  first.keep(frozen, 'one');
  t.is(first.of(frozen), 'one');
  t.is(second.of(frozen), undefined);
  second.keep(frozen, 'two');
  t.is(second.of(frozen), 'two');
  t.is(first.of(frozen), 'one');
});
