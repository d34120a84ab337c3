/**
 * Dynamic subscriptions (RFC 8639 with RFC 8650) over
 * real sockets, uWS and node:http, both compliance modes:
 * establish-subscription answers an id and a URI that streams the events
 * to its creator only; modify-, delete- and kill-subscription; replay and
 * stop-time; the RFC 8639 identities as error-app-tag.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Subject } from 'rxjs';
import { createServer, type RxconfServer } from '../../src/server/create-server.ts';
import { hashPassword } from '../../src/server/auth/password-file.ts';
import { SseClient } from '../helpers/sse-client.ts';
import { hasYanglint, yanglint } from '../helpers/yanglint.ts';

const fixtures = join(process.cwd(), 'test', 'fixtures', 'yang');
const STRICT = { accept: 'application/yang-data+json', 'content-type': 'application/yang-data+json' };
const PLAIN = { accept: 'application/json', 'content-type': 'application/json' };
const auth = (user: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${user}-pw`).toString('base64')}` });

const until = async (check: () => boolean, what: string): Promise<void> => {
  for (let i = 0; i < 400; i++) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`never happened: ${what}`);
};

let users = '';
test.before(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-subs-users-'));
  users = join(dir, 'users.txt');
  const cheap = { ln: 4, r: 8, p: 1 };
  writeFileSync(users, `alice:${await hashPassword('alice-pw', cheap)}:staff\nbob:${await hashPassword('bob-pw', cheap)}:staff\n`);
});

const start = async (transport: 'uws' | 'http1'): Promise<{ server: RxconfServer; url: string; alarms: Subject<Record<string, unknown>> }> => {
  const dir = mkdtempSync(join(tmpdir(), 'rxconf-subs-'));
  const data = join(dir, 'data.json');
  writeFileSync(data, JSON.stringify({ 'rxconf-server:server': { limits: { 'keep-alive-seconds': 1, 'replay-buffer-events': 100 } } }));
  const alarms = new Subject<Record<string, unknown>>();
  const server = createServer({
    searchPath: [join(fixtures, 'server')],
    modules: ['sv-streams', 'ietf-subscribed-notifications', 'ietf-restconf-subscribed-notifications'],
    features: ['ietf-subscribed-notifications:encode-json,replay,xpath'],
    data, logger: false, transport, port: 0,
    auth: { basic: { usersFile: users } },
    app: (app) => app.notification('sv-streams:alarm', alarms),
  });
  const { url } = await server.listen();
  return { server, url, alarms };
};

const rpc = async (url: string, name: string, input: Record<string, unknown>, user: string, strict: boolean) => {
  const r = await fetch(`${url}/restconf/operations/ietf-subscribed-notifications:${name}`, {
    method: 'POST', headers: { ...(strict ? STRICT : PLAIN), ...auth(user) },
    body: JSON.stringify({ [strict ? 'ietf-subscribed-notifications:input' : 'input']: input }),
  });
  const text = await r.text();
  return { status: r.status, body: text === '' ? {} : (JSON.parse(text) as Record<string, any>) };
};

const eventsOf = (c: SseClient): Record<string, any>[] => c.messages.map((m) => JSON.parse(m.data) as Record<string, any>);

const outputOf = (body: Record<string, any>, strict: boolean): Record<string, any> => (strict ? body['ietf-subscribed-notifications:output'] : body);

for (const transport of ['uws', 'http1'] as const) {
  for (const strict of [false, true]) {
    const mode = strict ? 'strict' : 'default';
    test.serial(`${transport}, ${mode}: establish answers an id and a URI that streams the filtered events to its creator only; delete ends it`, async (t) => {
      const { server, url, alarms } = await start(transport);
      try {
        const est = await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm', 'stream-xpath-filter': 'severity>1' }, 'alice', strict);
        t.is(est.status, 200, JSON.stringify(est.body));
        const out = outputOf(est.body, strict);
        t.true(Number(out.id) > 0);
        const uri = String(out[strict ? 'ietf-restconf-subscribed-notifications:uri' : 'uri']);
        t.regex(uri, new RegExp(`^${url}/restconf/subscriptions/${out.id}/[0-9a-f]{32}$`));

        const bob = await fetch(uri, { headers: { accept: 'text/event-stream', ...auth('bob') } });
        t.is(bob.status, 404, 'another user does not see it');
        const c = await SseClient.open(uri, { ...auth('alice'), ...(strict ? { accept: 'application/yang-data+json' } : {}) });
        t.is(c.status, 200);
        const again = await fetch(uri, { headers: { accept: 'text/event-stream', ...auth('alice') } });
        t.is(again.status, 409, 'received once');
        await again.body?.cancel();
        for (let i = 0; i < 200 && c.messages.length < 2; i++) {
          alarms.next({ severity: 1, text: 'low' });
          alarms.next({ severity: 5, text: 'high' });
          await new Promise((r) => setTimeout(r, 10));
        }
        const first = JSON.parse(c.messages[0]?.data ?? '{}') as Record<string, any>;
        t.is(strict ? first['ietf-restconf:notification']['sv-streams:alarm'].text : first['text'], 'high');
        t.false(c.messages.some((m) => m.data.includes('low')), 'the filter applies');

        const notMine = await rpc(url, 'delete-subscription', { id: out.id }, 'bob', strict);
        t.is(notMine.status, 400);
        const err = (notMine.body['ietf-restconf:errors'] ?? notMine.body['errors']).error[0];
        t.is(err['error-app-tag'], 'ietf-subscribed-notifications:no-such-subscription');
        const del = await rpc(url, 'delete-subscription', { id: out.id }, 'alice', strict);
        t.is(del.status, 204);
        await until(() => c.ended, 'the stream ends with the subscription');
        t.is((await fetch(uri, { headers: auth('alice') })).status, 404, 'gone');
      } finally {
        await server.close();
      }
    });
  }

  test.serial(`${transport}: kill ends anyone's subscription; a closed stream deletes its subscription; modify changes the filter`, async (t) => {
    const { server, url, alarms } = await start(transport);
    try {
      const a = outputOf((await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm' }, 'alice', false)).body, false);
      const c = await SseClient.open(String(a.uri), auth('alice'));
      const mod = await rpc(url, 'modify-subscription', { id: a.id, 'stream-xpath-filter': "text='keep'" }, 'alice', false);
      t.is(mod.status, 204, JSON.stringify(mod.body));
      for (let i = 0; i < 200 && c.messages.length < 1; i++) {
        alarms.next({ severity: 1, text: 'drop' });
        alarms.next({ severity: 1, text: 'keep' });
        await new Promise((r) => setTimeout(r, 10));
      }
      t.false(c.messages.some((m) => m.data.includes('drop')));
      const kill = await rpc(url, 'kill-subscription', { id: a.id }, 'bob', false);
      t.is(kill.status, 204);
      await until(() => c.ended, 'killed');

      const b = outputOf((await rpc(url, 'establish-subscription', { stream: 'sv-streams/changes' }, 'alice', false)).body, false);
      const d = await SseClient.open(String(b.uri), auth('alice'));
      t.is(d.status, 200);
      d.close();
      for (let i = 0; i < 200; i++) {
        const r = await rpc(url, 'delete-subscription', { id: b.id }, 'alice', false);
        if (r.status === 400) break;
        await new Promise((res) => setTimeout(res, 25));
      }
      t.is((await rpc(url, 'delete-subscription', { id: b.id }, 'alice', false)).status, 400, 'the subscription went with its stream');
    } finally {
      await server.close();
    }
  });

  test.serial(`${transport}: replay-start-time replays the kept events; stop-time ends; errors name RFC 8639 identities`, async (t) => {
    const { server, url, alarms } = await start(transport);
    try {
      const since = new Date(Date.now() - 1).toISOString();
      alarms.next({ severity: 1, text: 'r1' });
      alarms.next({ severity: 2, text: 'r2' });
      await new Promise((r) => setTimeout(r, 20));
      const stop = new Date().toISOString();
      const est = await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm', 'replay-start-time': since, 'stop-time': stop }, 'alice', false);
      t.is(est.status, 200, JSON.stringify(est.body));
      const c = await SseClient.open(String(outputOf(est.body, false).uri), auth('alice'));
      await until(() => c.ended, 'a past window ends after its replay');
      const sent = c.messages.map((m) => JSON.parse(m.data) as Record<string, any>);
      t.deepEqual(sent.slice(0, 2).map((m) => m['text']), ['r1', 'r2']);
      // RFC 8639 §2.4.2.1: replay-completed follows the last replayed event
      t.deepEqual(sent.slice(2), [{ 'replay-completed': { id: outputOf(est.body, false).id } }]);

      const cases: [Record<string, unknown>, string][] = [
        [{ stream: 'sv-streams:nope' }, 'stream-unavailable'],
        [{ stream: 'sv-streams:alarm', 'stream-xpath-filter': 'severity >' }, 'filter-unsupported'],
        [{ stream: 'sv-streams:alarm', 'replay-start-time': new Date(Date.now() + 3_600_000).toISOString() }, 'replay-unsupported'],
      ];
      const xml = await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm', encoding: 'encode-xml' }, 'alice', true);
      t.is(xml.status, 400, 'encode-xml is an identity of a feature not supported: the input is refused');
      for (const [input, identity] of cases) {
        const r = await rpc(url, 'establish-subscription', input, 'alice', true);
        t.is(r.status, 400, identity);
        t.is(r.body['ietf-restconf:errors'].error[0]['error-app-tag'], `ietf-subscribed-notifications:${identity}`);
      }
    } finally {
      await server.close();
    }
  });
}

for (const transport of ['uws', 'http1'] as const) {
  for (const strict of [false, true]) {
    const mode = strict ? 'strict' : 'default';
    test.serial(`${transport}, ${mode}: the receiver is told subscription-modified before events under the new terms, and subscription-terminated when killed`, async (t) => {
      const { server, url, alarms } = await start(transport);
      try {
        const est = await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm', 'stream-xpath-filter': 'severity>1' }, 'alice', strict);
        const out = outputOf(est.body, strict);
        const uri = String(out[strict ? 'ietf-restconf-subscribed-notifications:uri' : 'uri']);
        const c = await SseClient.open(uri, { ...auth('alice'), ...(strict ? { accept: 'application/yang-data+json' } : {}) });
        t.is((await rpc(url, 'modify-subscription', { id: out.id, 'stream-xpath-filter': "text='keep'" }, 'alice', strict)).status, 204);
        for (let i = 0; i < 200 && c.messages.length < 2; i++) {
          alarms.next({ severity: 9, text: 'drop' });
          alarms.next({ severity: 1, text: 'keep' });
          await new Promise((r) => setTimeout(r, 10));
        }
        t.is((await rpc(url, 'kill-subscription', { id: out.id }, 'bob', strict)).status, 204);
        await until(() => c.ended, 'killed');
        const sent = eventsOf(c);
        const body = (e: Record<string, any>, name: string): Record<string, any> | undefined =>
          strict ? e['ietf-restconf:notification']?.[`ietf-subscribed-notifications:${name}`] : e[name];
        // RFC 8639 §2.4.3: subscription-modified, with the new terms, before anything they select
        t.deepEqual(body(sent[0] ?? {}, 'subscription-modified'), { id: out.id, stream: 'sv-streams:alarm', 'stream-xpath-filter': "text='keep'" });
        const text = (e: Record<string, any>): unknown => (strict ? e['ietf-restconf:notification']?.['sv-streams:alarm']?.text : e['text']);
        t.is(text(sent[1] ?? {}), 'keep');
        t.false(sent.some((e) => text(e) === 'drop'));
        // killed: subscription-terminated is the last event, reason no-such-subscription
        const last = sent[sent.length - 1] ?? {};
        t.deepEqual(body(last, 'subscription-terminated'), { id: out.id, reason: strict ? 'ietf-subscribed-notifications:no-such-subscription' : 'no-such-subscription' });
        if (strict) {
          t.regex(String(last['ietf-restconf:notification'].eventTime), /^\d{4}-\d\d-\d\dT/);
          if (hasYanglint) {
            // yanglint, the reference, judges each state notification against the module
            const dir = mkdtempSync(join(tmpdir(), 'rxconf-state-notif-'));
            for (const [i, e] of [sent[0], last].entries()) {
              const { eventTime: _time, ...notification } = (e as Record<string, any>)['ietf-restconf:notification'] as Record<string, unknown>;
              writeFileSync(join(dir, `n${i}.json`), JSON.stringify(notification));
              const yang = join(process.cwd(), 'yang');
              const judged = yanglint(['-p', yang, '-F', 'ietf-subscribed-notifications:encode-json,replay,xpath', '-t', 'notif', join(yang, 'ietf-subscribed-notifications@2019-09-09.yang'), join(dir, `n${i}.json`)]);
              t.true(judged.ok, judged.output);
            }
          }
        }
      } finally {
        await server.close();
      }
    });
  }

  test.serial(`${transport}: streams and subscriptions are served as the module's state: each subscription with its terms and its receiver's counts; no edits`, async (t) => {
    const { server, url, alarms } = await start(transport);
    try {
      const get = async (path: string, user = 'alice') => {
        const r = await fetch(`${url}/restconf/data/ietf-subscribed-notifications:${path}`, { headers: { ...PLAIN, ...auth(user) } });
        return { status: r.status, body: (await r.json()) as Record<string, any> };
      };
      t.is((await get('subscriptions')).status, 404, 'no subscription yet: nothing to answer (docs/http.md)');
      const est = outputOf((await rpc(url, 'establish-subscription', { stream: 'sv-streams:alarm', 'stream-xpath-filter': 'severity>1' }, 'alice', false)).body, false);
      const c = await SseClient.open(String(est.uri), auth('alice'));
      for (let i = 0; i < 200 && c.messages.length < 1; i++) {
        alarms.next({ severity: 1, text: 'low' });
        alarms.next({ severity: 5, text: 'high' });
        await new Promise((r) => setTimeout(r, 10));
      }
      const subs = await get('subscriptions');
      const entry = subs.body['subscriptions'].subscription[0] as Record<string, any>;
      t.is(entry['id'], est.id);
      t.is(entry['stream'], 'sv-streams:alarm');
      t.is(entry['stream-xpath-filter'], 'severity>1');
      t.is(entry['encoding'], 'encode-json');
      const receiver = entry['receivers'].receiver[0] as Record<string, any>;
      t.is(receiver['name'], 'alice');
      t.is(receiver['state'], 'active');
      t.true(Number(receiver['sent-event-records']) >= 1);
      t.true(Number(receiver['excluded-event-records']) >= 1);
      t.false(JSON.stringify(subs.body).includes(String(est.uri).split('/').pop() as string), 'the URI\'s key is never listed');

      const streams = await get('streams');
      const alarm = (streams.body['streams'].stream as Record<string, any>[]).find((s) => s['name'] === 'sv-streams:alarm');
      t.truthy(alarm?.['replay-log-creation-time'], 'a stream that keeps a replay log says since when');
      t.deepEqual(alarm?.['replay-support'], [null]);

      const put = await fetch(`${url}/restconf/data/ietf-subscribed-notifications:subscriptions`, {
        method: 'PUT', headers: { ...PLAIN, ...auth('alice') }, body: JSON.stringify({ subscriptions: { subscription: [{ id: 99, stream: 'sv-streams:alarm', receivers: { receiver: [{ name: 'r1' }] } }] } }),
      });
      t.is(put.status, 405, `configured subscriptions are not supported: ${await put.clone().text()}`);
      t.is((await get('subscriptions')).body['subscriptions'].subscription.length, 1, 'nothing changed');
      c.close();
    } finally {
      await server.close();
    }
  });
}
