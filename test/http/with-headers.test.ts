import test from 'ava';
import { withHeaders } from '../../src/http/with-headers.ts';
import type { CoreResponse } from '../../src/http/exchange.ts';

test('adds fields, replaces a same-named one, keeps the rest of the response and leaves the original alone', (t) => {
  const headers = Object.freeze({ 'content-type': 'application/yang-data+json', vary: 'accept' });
  const res: CoreResponse = Object.freeze({ status: 200, headers, body: '{}', flushEachChunk: true });
  const out = withHeaders(res, { 'x-request-id': 'r-1', vary: 'origin' });
  t.deepEqual(out, { status: 200, headers: { 'content-type': 'application/yang-data+json', vary: 'origin', 'x-request-id': 'r-1' }, body: '{}', flushEachChunk: true });
  t.deepEqual(res.headers, { 'content-type': 'application/yang-data+json', vary: 'accept' });
});
