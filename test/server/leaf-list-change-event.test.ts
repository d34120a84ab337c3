/**
 * The change event of an edit of one leaf-list entry names that entry, not
 * the whole leaf-list (over a real socket: an SSE client on the module's
 * change stream).
 */
import test from 'ava';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { SseClient } from '../helpers/sse-client.ts';

const YANG = join(import.meta.dirname, '..', 'fixtures', 'yang', 'edits');
let server: RxconfServer | undefined;
let url = '';

test.before(async () => {
  server = createServer({ searchPath: [YANG], modules: ['rx-edits', 'rx-edits-b'], data: false, host: '127.0.0.1', port: 0, logger: false, accessLog: false });
  const { port } = await server.listen();
  url = `http://127.0.0.1:${port}`;
});

test.after.always(async () => {
  await server?.close();
});

/** Waits until `check` holds, polling (events, not timings, decide). */
const until = async (check: () => Promise<boolean>, what: string): Promise<void> => {
  for (let i = 0; i < 500; i++) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 10));
  }
  throw new Error(`never: ${what}`);
};

const subscribers = async (): Promise<number> => {
  const r = await fetch(`${url}/restconf/data/rxconf-server:server/stats/streams`);
  return ((await r.json()) as { streams: Record<string, number> }).streams['subscribers'] ?? 0;
};

test('DELETE of a leaf-list entry publishes a change event whose target is the entry', async (t) => {
  const put = await fetch(`${url}/restconf/data/rx-edits-b:b`, {
    method: 'PUT', headers: { 'content-type': 'application/yang-data+json' }, body: JSON.stringify({ 'rx-edits-b:b': { w: ['a', 'b'] } }),
  });
  t.true(put.status === 201 || put.status === 204);
  const c = await SseClient.open(`${url}/restconf/streams/rx-edits-b/changes`);
  try {
    await until(async () => (await subscribers()) >= 1, 'subscribed');
    const del = await fetch(`${url}/restconf/data/rx-edits-b:b/w=a`, { method: 'DELETE' });
    t.is(del.status, 204);
    const [m] = await c.waitFor(1);
    const event = JSON.parse(m?.data ?? '{}') as { target?: string; operation?: string };
    t.is(event.operation, 'delete');
    t.not(event.target, '/rx-edits-b:b/w');
    t.regex(event.target ?? '', /^\/rx-edits-b:b\/w.*a/);
    const left = await fetch(`${url}/restconf/data/rx-edits-b:b/w`, { headers: { accept: 'application/yang-data+json' } });
    t.deepEqual(await left.json(), { 'rx-edits-b:w': ['b'] });
  } finally {
    c.close();
  }
});
