/**
 * The access log's request id goes back to the client as `x-request-id`:
 * the stage hands it to the transport beside the answer's headers, which it
 * leaves as they were (a frozen object many answers share stays shared); a
 * field of that name a stage within set gives way to the id; an answer run
 * in-process shows it among its headers as a transport writes them.
 */
import test from 'ava';
import { join } from 'node:path';
import type { CoreRequest, CoreResponse } from '../../src/http/exchange.ts';
import { withAccessLog } from '../../src/server/access-log.ts';
import { createServer } from '../../src/server/create-server.ts';
import { jsonLogger } from '../../src/server/logger.ts';

const request = (id?: string): CoreRequest => ({
  method: 'GET', path: '/restconf/data/m:x', query: '', headers: new Map(id === undefined ? [] : [['x-request-id', id]]),
  remoteAddress: '127.0.0.1', protocol: 'http/1.1', secure: false, signal: new AbortController().signal, body: (async function* () {})(),
} as CoreRequest);

const logged = (answer: CoreResponse) => {
  const lines: string[] = [];
  const logger = jsonLogger((text) => lines.push(text));
  return { handler: withAccessLog(() => answer, logger), lines };
};

test('the id goes beside the answer\'s headers, which stay the shared object they were', (t) => {
  const shared = Object.freeze({ 'content-type': 'application/yang-data+json' });
  const { handler } = logged({ status: 200, headers: shared, body: '{}' });
  const res = handler(request('client-7')) as CoreResponse;
  t.is(res.requestId, 'client-7');
  t.is(res.headers, shared);
  t.is(res.body, '{}');
});

test('a new id is given when the client sent none or one that is not plain', (t) => {
  const { handler } = logged({ status: 200, headers: {}, body: '' });
  const given = [(handler(request()) as CoreResponse).requestId, (handler(request('two words')) as CoreResponse).requestId];
  for (const id of given) t.regex(id ?? '', /^[\w.:-]+$/);
  t.not(given[0], given[1]);
});

test('an x-request-id field set within gives way to the id', async (t) => {
  const { handler } = logged({ status: 200, headers: { 'x-request-id': 'inner', vary: 'origin' }, body: '' });
  const res = await handler(request('outer'));
  t.is(res.requestId, 'outer');
  t.deepEqual(res.headers, { vary: 'origin' });
});

test('an answer injected in-process shows the id among its headers', async (t) => {
  const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');
  const server = createServer({ searchPath: [yang], modules: ['cs-hello'], logger: jsonLogger(() => undefined) });
  const res = await server.inject({ path: '/restconf/data/cs-hello:settings', headers: { 'x-request-id': 'inj-1' } });
  t.is(res.headers['x-request-id'], 'inj-1');
  t.is(res.headers['cache-control'], 'no-cache');
  await server.close();
});
