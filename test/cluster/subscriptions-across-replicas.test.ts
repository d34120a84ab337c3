/**
 * Dynamic subscriptions (RFC 8639/8650) on two replicas of one datastore:
 * ids established on either replica never collide, and modify-, delete-
 * and kill-subscription sent to the replica that does not hold the
 * subscription reach the one that does, with its answers (the owner's
 * checks, no-such-subscription for an id nobody holds).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { hashPassword } from '../../src/server/auth/password-file.ts';
import { SseClient } from '../helpers/sse-client.ts';
import { natsTest, startNats, type NatsCluster } from './helpers/nats-server.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'server');
const JSON_TYPE = { accept: 'application/json', 'content-type': 'application/json' };
const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${user}-pw`).toString('base64')}` });

let nats: NatsCluster | undefined;
const servers: RxconfServer[] = [];
natsTest.after.always(async () => {
  for (const s of servers) await s.close();
  await nats?.stop();
});

const replica = async (urls: string, id: string, users: string): Promise<{ url: string; alarms: Subject<Record<string, unknown>> }> => {
  const alarms = new Subject<Record<string, unknown>>();
  const server = createServer({
    searchPath: [yang],
    modules: ['sv-streams', 'ietf-subscribed-notifications', 'ietf-restconf-subscribed-notifications'],
    features: ['ietf-subscribed-notifications:encode-json,xpath'],
    data: false, logger: false, host: '127.0.0.1', port: 0,
    auth: { basic: { usersFile: users } },
    app: (app) => app.notification('sv-streams:alarm', alarms),
    cluster: { servers: urls.split(','), stream: 'SUBS', replica: id, publishTimeoutMs: 2_000 },
  });
  servers.push(server);
  return { url: (await server.listen()).url, alarms };
};

const rpc = async (url: string, name: string, input: Record<string, unknown>, user: string) => {
  const r = await fetch(`${url}/restconf/operations/ietf-subscribed-notifications:${name}`, {
    method: 'POST', headers: { ...JSON_TYPE, ...auth(user) }, body: JSON.stringify({ input }),
  });
  const text = await r.text();
  return { status: r.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>) };
};

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

natsTest('subscription ids are unique across replicas; modify, delete and kill sent to the other replica reach the owner', async (t) => {
  t.timeout(60_000);
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-subs-cluster-'));
  const users = join(dir, 'users.txt');
  const cheap = { ln: 4, r: 8, p: 1 };
  writeFileSync(users, `alice:${await hashPassword('alice-pw', cheap)}:staff\nbob:${await hashPassword('bob-pw', cheap)}:staff\n`);
  nats = await startNats();
  const a = await replica(nats.urls, 'a', users);
  const b = await replica(nats.urls, 'b', users);

  // established on both replicas, in turn: no id twice
  const ids: number[] = [];
  for (let i = 0; i < 6; i++) {
    const est = await rpc(i % 2 === 0 ? a.url : b.url, 'establish-subscription', { stream: 'sv-streams:alarm' }, 'alice');
    t.is(est.status, 200, JSON.stringify(est.body));
    ids.push(Number(est.body['id']));
  }
  t.is(new Set(ids).size, ids.length, `ids ${ids.join(', ')}`);

  // a subscription on A, its stream open on A; modify sent to B changes it on A
  const sub = (await rpc(a.url, 'establish-subscription', { stream: 'sv-streams:alarm' }, 'alice')).body;
  const stream = await SseClient.open(String(sub['uri']), auth('alice'));
  t.is(stream.status, 200);
  const mod = await rpc(b.url, 'modify-subscription', { id: sub['id'], 'stream-xpath-filter': "text='keep'" }, 'alice');
  t.is(mod.status, 204, JSON.stringify(mod.body));
  await until(() => stream.messages.some((m) => m.data.includes('subscription-modified')), 'subscription-modified on the owner\'s stream');
  for (let i = 0; i < 200 && !stream.messages.some((m) => m.data.includes('keep')); i++) {
    a.alarms.next({ severity: 1, text: 'drop' });
    a.alarms.next({ severity: 1, text: 'keep' });
    await new Promise((r) => setTimeout(r, 10));
  }
  t.true(stream.messages.some((m) => m.data.includes('keep')));
  t.false(stream.messages.some((m) => m.data.includes('drop')), 'the filter sent through B applies on A');

  // the owner's checks answer through B: bob may not delete alice's subscription
  const notBob = await rpc(b.url, 'delete-subscription', { id: sub['id'] }, 'bob');
  t.is(notBob.status, 400);
  t.regex(JSON.stringify(notBob.body), /no-such-subscription/);
  t.false(stream.ended);
  const del = await rpc(b.url, 'delete-subscription', { id: sub['id'] }, 'alice');
  t.is(del.status, 204, JSON.stringify(del.body));
  await until(() => stream.ended, 'the stream on A ends when B was asked to delete it');

  // kill-subscription sent to A of a subscription on B
  const other = (await rpc(b.url, 'establish-subscription', { stream: 'sv-streams:alarm' }, 'bob')).body;
  const otherStream = await SseClient.open(String(other['uri']), auth('bob'));
  const kill = await rpc(a.url, 'kill-subscription', { id: other['id'] }, 'alice');
  t.is(kill.status, 204, JSON.stringify(kill.body));
  await until(() => otherStream.ended, 'killed on B through A');
  t.true(otherStream.messages.some((m) => m.data.includes('subscription-terminated')));

  // ids nobody holds: the deleted one, one never given out
  for (const id of [Number(sub['id']), 999_999]) {
    const gone = await rpc(b.url, 'kill-subscription', { id }, 'alice');
    t.is(gone.status, 400, `kill ${id}`);
    t.regex(JSON.stringify(gone.body), /no-such-subscription/);
  }
});
