/**
 * The change stream (`/restconf/streams/<module>/changes`) over a real
 * socket: each committed edit is one RFC 8641 push-change-update holding
 * an RFC 8072 yang-patch edit, whose `target` is an api-path (RFC 8072
 * §2.4: a data resource identifier, as RESTCONF writes them) naming the
 * edited instance — a list entry by its keys, a leaf-list entry by its
 * value — and whose `value` (anydata) is an object holding the target's
 * member, for a leaf as for a container ("the value MUST be the target
 * resource", RFC 8072 §2.5, shown in its examples as `{"<module>:<name>": …}`).
 * Strict events are judged by yanglint -t notif against ietf-yang-push.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { corpusPublic, hasShared } from '../helpers/shared.ts';
import { SseClient } from '../helpers/sse-client.ts';
import { hasYanglint, yanglint } from '../helpers/yanglint.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang', 'server');
const M = 'sv-changes';
const BOX = `/restconf/data/${M}:box`;

let server: RxconfServer;
let url: string;

test.before(async () => {
  server = createServer({ searchPath: [fixtures], modules: [M], data: false, logger: false, port: 0, host: '127.0.0.1' });
  ({ url } = await server.listen());
  const r = await fetch(`${url}${BOX}`, {
    method: 'PUT', headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ box: { name: 'a', tags: ['x', 'y'], item: [{ id: 'i1', note: 'n' }] } }),
  });
  if (r.status !== 201) throw new Error(`seed: ${r.status} ${await r.text()}`);
});

test.after.always(async () => {
  await server?.close();
});

type Json = Record<string, any>;

const send = (method: string, path: string, body?: unknown): Promise<Response> =>
  fetch(`${url}${path}`, { method, ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }) });

/** The edit of each strict event and the plain event, for the edits `run` makes (each must be answered 2xx). */
const eventsOf = async (t: { is: (a: unknown, b: unknown, m?: string) => void }, count: number, run: () => Promise<void>): Promise<{ strict: Json[]; plain: Json[] }> => {
  const strict = await SseClient.open(`${url}/restconf/streams/${M}/changes`, { accept: 'text/event-stream, application/yang-data+json' });
  const plain = await SseClient.open(`${url}/restconf/streams/${M}/changes`);
  t.is(strict.status, 200);
  t.is(plain.status, 200);
  try {
    await run();
    await strict.waitFor(count);
    await plain.waitFor(count);
    return { strict: strict.json() as Json[], plain: plain.json() as Json[] };
  } finally {
    strict.close();
    plain.close();
  }
};

const editOf = (e: Json): Json => e['ietf-restconf:notification']['ietf-yang-push:push-change-update']['datastore-changes']['yang-patch'].edit[0];

/** yanglint's verdict on a strict event as a notification of ietf-yang-push (eventTime aside, as the notif type reads one notification). */
const judge = (events: readonly Json[]): string[] => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-change-notif-'));
  const verdicts: string[] = [];
  for (const [i, e] of events.entries()) {
    const { eventTime: _time, ...notification } = e['ietf-restconf:notification'] as Json;
    const file = join(dir, `n${i}.json`);
    writeFileSync(file, JSON.stringify(notification));
    const r = yanglint(['-p', corpusPublic, '-p', fixtures, '-t', 'notif', join(corpusPublic, 'ietf-yang-push@2019-09-09.yang'), join(fixtures, `${M}.yang`), file]);
    if (!r.ok) verdicts.push(`${JSON.stringify(notification)}: ${r.output}`);
  }
  return verdicts;
};

test.serial('a leaf target: the value is an object holding the leaf\'s member; the target an api-path', async (t) => {
  const { strict, plain } = await eventsOf(t, 3, async () => {
    t.is((await send('PUT', `${BOX}/name`, { name: 'b' })).status, 204);
    t.is((await send('PATCH', `${BOX}/size`, { size: '7' })).status, 204);
    t.is((await send('PATCH', `${BOX}/item=i1/note`, { note: 'm' })).status, 204);
  });
  t.deepEqual(strict.map(editOf), [
    { 'edit-id': '1', operation: 'replace', target: `/${M}:box/name`, value: { [`${M}:name`]: 'b' } },
    { 'edit-id': '1', operation: 'merge', target: `/${M}:box/size`, value: { [`${M}:size`]: '7' } },
    { 'edit-id': '1', operation: 'merge', target: `/${M}:box/item=i1/note`, value: { [`${M}:note`]: 'm' } },
  ]);
  t.deepEqual(plain, [
    { operation: 'replace', target: `/${M}:box/name`, value: { name: 'b' } },
    { operation: 'merge', target: `/${M}:box/size`, value: { size: 7 } },
    { operation: 'merge', target: `/${M}:box/item=i1/note`, value: { note: 'm' } },
  ]);
  if (hasYanglint && hasShared) t.deepEqual(judge(strict), []);
});

test.serial('a container or list entry target: the value holds the target\'s member; a key with a reserved character is percent-encoded', async (t) => {
  const { strict } = await eventsOf(t, 2, async () => {
    t.is((await send('PATCH', `${BOX}/inner`, { inner: { x: '1' } })).status, 204);
    t.is((await send('POST', BOX, { item: [{ id: 'a/b,c', note: 'k' }] })).status, 201);
  });
  t.deepEqual(strict.map(editOf), [
    { 'edit-id': '1', operation: 'merge', target: `/${M}:box/inner`, value: { [`${M}:inner`]: { x: '1' } } },
    { 'edit-id': '1', operation: 'create', target: `/${M}:box/item=a%2Fb%2Cc`, value: { [`${M}:item`]: [{ id: 'a/b,c', note: 'k' }] } },
  ]);
  if (hasYanglint && hasShared) t.deepEqual(judge(strict), []);
});

test.serial('DELETE of a leaf-list entry: the target names the entry, not the whole leaf-list', async (t) => {
  const { strict, plain } = await eventsOf(t, 1, async () => {
    t.is((await send('DELETE', `${BOX}/tags=x`)).status, 204);
  });
  t.deepEqual(strict.map(editOf), [{ 'edit-id': '1', operation: 'delete', target: `/${M}:box/tags=x` }]);
  t.deepEqual(plain, [{ operation: 'delete', target: `/${M}:box/tags=x` }]);
  const left = await (await fetch(`${url}${BOX}/tags`)).json();
  t.deepEqual(left, { tags: ['y'] });
  if (hasYanglint && hasShared) t.deepEqual(judge(strict), []);
});
