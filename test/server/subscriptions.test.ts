/**
 * Dynamic subscriptions (RFC 8639 with RFC 8650) under
 * NACM (RFC 8341), over real sockets, uWS and node:http:
 * kill-subscription is `nacm:default-deny-all` (an ordinary user gets 403
 * access-denied, a permitting rule or the recovery user may kill anyone's
 * subscription, whose event stream then ends); another user can neither
 * open, modify nor delete a subscription; a subscription carries its
 * owner's read rights (a notification the owner may not read is never
 * sent on it). The behaviour without NACM is in
 * test/streams/dynamic-subscriptions.test.ts. Anonymous clients (all one "user") cannot open each other's subscriptions
 * (the URI holds a random key) nor delete them by id.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { SseClient } from '../helpers/sse-client.ts';

const yang = join(import.meta.dirname, '..', 'fixtures', 'yang', 'create-server');

const RULES = {
  'ietf-netconf-acm:nacm': {
    groups: { group: [{ name: 'admin', 'user-name': ['alice'] }, { name: 'guest', 'user-name': ['bob', 'carol'] }] },
    'rule-list': [
      { name: 'admin', group: ['admin'], rule: [{ name: 'all', 'module-name': '*', 'access-operations': '*', action: 'permit' }] },
      { name: 'guest', group: ['guest'], rule: [
        { name: 'no-audit', 'module-name': 'cs-nacm', 'notification-name': 'audit', 'access-operations': 'read', action: 'deny' },
        { name: 'no-subscription-list', 'module-name': '*', path: '/ietf-subscribed-notifications:subscriptions', 'access-operations': 'read', action: 'deny' },
      ] },
    ],
  },
};

interface Served { server: RxconfServer; url: string; alarms: Subject<Record<string, unknown>>; audits: Subject<Record<string, unknown>> }

const serve = async (transport: 'uws' | 'http1'): Promise<Served> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-subs-nacm-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify(RULES));
  const alarms = new Subject<Record<string, unknown>>();
  const audits = new Subject<Record<string, unknown>>();
  const server = createServer({
    searchPath: [yang],
    modules: ['cs-nacm', 'ietf-subscribed-notifications', 'ietf-restconf-subscribed-notifications'],
    features: ['ietf-subscribed-notifications:encode-json,xpath'],
    host: '127.0.0.1', port: 0, logger: false, data, transport,
    auth: { proxy: { trusted: ['127.0.0.1'] } },
    nacm: { recoveryUser: 'root' },
    app: (app) => {
      app.notification('cs-nacm:alarm', alarms);
      app.notification('cs-nacm:audit', audits);
    },
  });
  const { url } = await server.listen();
  return { server, url, alarms, audits };
};

const as = (user: string): Record<string, string> => ({ 'x-remote-user': user, accept: 'application/json', 'content-type': 'application/json' });

const rpc = async (url: string, name: string, input: Record<string, unknown>, user: string): Promise<{ status: number; body: Record<string, any> }> => {
  const r = await fetch(`${url}/restconf/operations/ietf-subscribed-notifications:${name}`, { method: 'POST', headers: as(user), body: JSON.stringify({ input }) });
  const text = await r.text();
  return { status: r.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>) };
};

const errorOf = (body: Record<string, any>): Record<string, any> => (body['ietf-restconf:errors'] ?? body['errors']).error[0];

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

/** Establishes a subscription as `user` and opens its event stream. */
const subscribe = async (s: Served, user: string, input: Record<string, unknown>): Promise<{ id: number; uri: string; client: SseClient }> => {
  const est = await rpc(s.url, 'establish-subscription', input, user);
  if (est.status !== 200) throw new Error(`establish as ${user}: ${est.status} ${JSON.stringify(est.body)}`);
  const id = Number(est.body['id']);
  const uri = String(est.body['uri']);
  const client = await SseClient.open(uri, { 'x-remote-user': user });
  if (client.status !== 200) throw new Error(`open as ${user}: ${client.status}`);
  return { id, uri, client };
};

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`${transport}: kill-subscription is default-deny-all: 403 for a user, allowed by a permitting rule and for the recovery user; the killed stream ends`, async (t) => {
    const s = await serve(transport);
    try {
      const a = await subscribe(s, 'bob', { stream: 'cs-nacm:alarm' });
      const b = await subscribe(s, 'carol', { stream: 'cs-nacm:alarm' });

      const denied = await rpc(s.url, 'kill-subscription', { id: b.id }, 'bob');
      t.is(denied.status, 403, JSON.stringify(denied.body));
      t.is(errorOf(denied.body)['error-tag'], 'access-denied');
      const own = await rpc(s.url, 'kill-subscription', { id: a.id }, 'bob');
      t.is(own.status, 403, 'not even for its own subscription: kill is for operators');

      for (let i = 0; i < 200 && (a.client.messages.length < 1 || b.client.messages.length < 1); i++) {
        s.alarms.next({ text: 'still alive', severity: 1 });
        await new Promise((r) => setTimeout(r, 10));
      }
      t.false(a.client.ended || b.client.ended, 'a denied kill ends nothing');
      t.true(a.client.messages.some((m) => m.data.includes('still alive')));

      t.is((await rpc(s.url, 'kill-subscription', { id: a.id }, 'alice')).status, 204, 'an admin rule permits it');
      await until(() => a.client.ended, 'the stream of the subscription alice killed ends');
      t.is((await rpc(s.url, 'kill-subscription', { id: b.id }, 'root')).status, 204, 'the recovery user may');
      await until(() => b.client.ended, 'the stream of the subscription root killed ends');

      const gone = await rpc(s.url, 'kill-subscription', { id: a.id }, 'alice');
      t.is(gone.status, 400);
      t.is(errorOf(gone.body)['error-app-tag'], 'ietf-subscribed-notifications:no-such-subscription');
      t.is((await fetch(a.uri, { headers: { 'x-remote-user': 'bob' } })).status, 404, 'a killed subscription is gone');
    } finally {
      await s.server.close();
    }
  });

  test.serial(`${transport}: the subscriptions state tree is read through NACM: a user denied it sees no subscription, the admin sees every one`, async (t) => {
    const s = await serve(transport);
    try {
      const a = await subscribe(s, 'bob', { stream: 'cs-nacm:alarm' });
      const read = async (user: string, path: string) => fetch(`${s.url}/restconf/data/ietf-subscribed-notifications:${path}`, { headers: as(user) });
      const admin = await read('alice', 'subscriptions');
      t.is(admin.status, 200);
      const listed = ((await admin.json()) as Record<string, any>)['subscriptions'].subscription as Record<string, any>[];
      t.deepEqual(listed.map((e) => [e['id'], e['receivers'].receiver[0].name]), [[a.id, 'bob']]);
      const denied = await read('carol', 'subscriptions');
      t.is(denied.status, 404, `denied: as if there were none: ${await denied.clone().text()}`);
      const whole = (await (await read('carol', 'streams')).json()) as Record<string, any>;
      t.true((whole['streams'].stream as Record<string, any>[]).some((e) => e['name'] === 'cs-nacm:alarm'), 'what is not denied is served');
      a.client.close();
    } finally {
      await s.server.close();
    }
  });

  test.serial(`${transport}: another user can neither open, modify nor delete a subscription; its owner can`, async (t) => {
    const s = await serve(transport);
    try {
      const est = await rpc(s.url, 'establish-subscription', { stream: 'cs-nacm:alarm', 'stream-xpath-filter': 'severity>1' }, 'bob');
      t.is(est.status, 200, JSON.stringify(est.body));
      const id = Number(est.body['id']);
      const uri = String(est.body['uri']);
      t.regex(uri, new RegExp(`^${s.url}/restconf/subscriptions/${id}/[0-9a-f]{32}$`));

      const peek = await fetch(uri, { headers: { 'x-remote-user': 'carol', accept: 'text/event-stream' } });
      t.is(peek.status, 404, 'another user does not see it');
      await peek.body?.cancel();
      const admin = await fetch(uri, { headers: { 'x-remote-user': 'alice', accept: 'text/event-stream' } });
      t.is(admin.status, 404, 'nor does an admin: the stream is its owner\'s');
      await admin.body?.cancel();
      const client = await SseClient.open(uri, { 'x-remote-user': 'bob' });
      t.is(client.status, 200);

      for (const name of ['modify-subscription', 'delete-subscription']) {
        const r = await rpc(s.url, name, { id, ...(name === 'modify-subscription' ? { 'stream-xpath-filter': 'severity>0' } : {}) }, 'carol');
        t.is(r.status, 400, `${name} by another user`);
        t.is(errorOf(r.body)['error-app-tag'], 'ietf-subscribed-notifications:no-such-subscription');
      }
      for (let i = 0; i < 200 && client.messages.length < 1; i++) {
        s.alarms.next({ text: 'low', severity: 1 });
        s.alarms.next({ text: 'high', severity: 5 });
        await new Promise((r) => setTimeout(r, 10));
      }
      t.true(client.messages.some((m) => m.data.includes('high')));
      t.false(client.messages.some((m) => m.data.includes('low')), 'the owner\'s filter still applies: carol\'s modify changed nothing');
      t.false(client.ended, 'carol\'s delete ended nothing');

      t.is((await rpc(s.url, 'delete-subscription', { id }, 'bob')).status, 204);
      await until(() => client.ended, 'the stream ends with the subscription');
    } finally {
      await s.server.close();
    }
  });

  test.serial(`${transport}: a subscription reads with its owner's rights: a notification the owner may not read is never sent`, async (t) => {
    const s = await serve(transport);
    try {
      const admin = await subscribe(s, 'alice', { stream: 'cs-nacm:audit' });
      const est = await rpc(s.url, 'establish-subscription', { stream: 'cs-nacm:audit' }, 'carol');
      const guest = est.status === 200 ? await SseClient.open(String(est.body['uri']), { 'x-remote-user': 'carol' }) : undefined;
      for (let i = 0; i < 200 && admin.client.messages.length < 2; i++) {
        s.audits.next({ who: 'secret-operator' });
        await new Promise((r) => setTimeout(r, 10));
      }
      t.true(admin.client.messages.some((m) => m.data.includes('secret-operator')), 'alice receives the audit events');
      if (guest === undefined) {
        t.is(errorOf(est.body)['error-app-tag'], 'ietf-subscribed-notifications:stream-unavailable', 'refused, or granted and never sent');
      } else {
        t.is(guest.status, 200);
        t.false(guest.ended);
        t.false(guest.messages.some((m) => m.data.includes('secret-operator')), 'carol never receives them');
      }
      guest?.close();
      admin.client.close();
    } finally {
      await s.server.close();
    }
  });
}

// Every anonymous client is the same user (undefined, or `anonymous` with
// --anonymous) and ids count up from 1, so ownership by user alone would let
// any anonymous client open or delete another's subscription: only the
// client holding the subscription's URI may.
test('uws: one anonymous client can neither open nor delete another anonymous client\'s subscription', async (t) => {
  const server = createServer({
    searchPath: [join(import.meta.dirname, '..', 'fixtures', 'yang', 'server')],
    modules: ['sv-streams', 'ietf-subscribed-notifications', 'ietf-restconf-subscribed-notifications'],
    features: ['ietf-subscribed-notifications:encode-json,xpath'],
    host: '127.0.0.1', port: 0, logger: false, transport: 'uws',
  });
  const { url } = await server.listen();
  try {
    const post = async (name: string, input: Record<string, unknown>): Promise<Response> => fetch(`${url}/restconf/operations/ietf-subscribed-notifications:${name}`, {
      method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ input }),
    });
    const mine = (await (await post('establish-subscription', { stream: 'sv-streams:alarm' })).json()) as Record<string, unknown>;
    t.is(typeof mine['uri'], 'string');
    // a second client knows only the URL scheme: ids count from 1
    const guessed = await fetch(`${url}/restconf/subscriptions/${String(mine['id'])}`, { headers: { accept: 'text/event-stream' } });
    const opened = guessed.status;
    await guessed.body?.cancel();
    const deleted = (await post('delete-subscription', { id: mine['id'] })).status;
    t.not(opened, 200, 'another anonymous client opened the stream');
    t.not(deleted, 204, 'another anonymous client deleted the subscription');
    // the client that holds the URI opens it; closing it ends the subscription
    const own = await fetch(String(mine['uri']), { headers: { accept: 'text/event-stream' } });
    t.is(own.status, 200);
    t.regex(own.headers.get('content-type') ?? '', /^text\/event-stream/);
    await own.body?.cancel();
  } finally {
    await server.close();
  }
});
