/**
 * connect() in plain JSON: a live server on 127.0.0.1, the device's get,
 * put, patch, post, delete, invoke and events take and give plain JSON
 * values (JSON.stringify round-trips them), in both compliance modes; what
 * the schema refuses is thrown with the path and the reason and never
 * sent; what the server refuses comes back as its errors.
 */
import test from 'ava';
import { firstValueFrom, take, toArray } from 'rxjs';
import { connect } from '../../src/client/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import { spy, startServer, type ClientTestServer } from './client-server.ts';

const serverGet = async (s: ClientTestServer, path: string): Promise<unknown> => {
  const r = await fetch(`${s.url}/restconf/data${path}?with-defaults=explicit`, { headers: { accept: 'application/yang-data+json' } });
  return r.status === 200 ? r.json() : r.status;
};

const failure = async (t: { throwsAsync: (p: Promise<unknown>) => Promise<unknown> }, p: Promise<unknown>): Promise<RestconfFailure> => {
  const e = await t.throwsAsync(p);
  if (!(e instanceof RestconfFailure)) throw new Error(`not a RestconfFailure: ${String(e)}`);
  return e;
};

for (const mode of ['strict', 'simplified'] as const) {
  const name = (what: string): string => `${what} (${mode})`;
  /** A top-level member's name as the mode writes it. */
  const top = (n: string): string => (mode === 'strict' ? `client-test:${n}` : n);

  test(name('get, put, patch, post and delete take and give plain JSON'), async (t) => {
    const s = await startServer('uws');
    try {
      const device = await connect(s.url, { mode });
      await device.patch('/client-test:system', { [top('system')]: { hostname: 'alpha', user: [{ name: 'ada', uid: 7 }] } });
      const system = await device.get('/client-test:system', { content: 'config', withDefaults: 'explicit' });
      t.deepEqual(system, { [top('system')]: { hostname: 'alpha', user: [{ name: 'ada', uid: 7 }] } });
      t.deepEqual(JSON.parse(JSON.stringify(system)), system, 'a plain value: JSON.stringify takes it whole');
      t.deepEqual(await device.get('client-test:system/user=ada/uid'), { [top('uid')]: 7 });
      t.deepEqual(await device.get('/client-test:system', { depth: 1 }), { [top('system')]: {} });
      t.is(await device.get('/client-test:system/user=nobody'), undefined, 'no data there: undefined');

      await device.put('/client-test:system/user=ada', { [top('user')]: [{ name: 'ada', uid: 8, profile: { shell: '/bin/zsh' } }] });
      const location = await device.post('/client-test:system', { [top('user')]: [{ name: 'bob', uid: 9 }] });
      t.regex(location ?? '', /\/restconf\/data\/client-test:system\/user=bob$/);
      await device.delete('/client-test:system/hostname');
      t.deepEqual(await serverGet(s, '/client-test:system/user'), {
        'client-test:user': [{ name: 'ada', uid: 8, profile: { shell: '/bin/zsh' } }, { name: 'bob', uid: 9 }],
      });
      t.is(await serverGet(s, '/client-test:system/hostname'), 404);

      // what get gives, put takes back: the module's data round-trips
      const before = await device.get('/client-test:system', { content: 'config', withDefaults: 'explicit' });
      await device.put('/client-test:system', before);
      t.deepEqual(await device.get('/client-test:system', { content: 'config', withDefaults: 'explicit' }), before);
    } finally {
      await s.server.close();
    }
  });

  test(name('invoke takes the input and gives the output as plain objects'), async (t) => {
    const s = await startServer('uws');
    try {
      const device = await connect(s.url, { mode });
      const out = await device.invoke('/client-test:echo', { message: 'x', count: '9007199254740993' });
      t.deepEqual(out, { message: 'x', count: '9007199254740993' });
      t.is(JSON.stringify(out), '{"message":"x","count":"9007199254740993"}');
      t.deepEqual(await device.invoke('client-test:echo', { 'client-test:input': { message: 'wrapped' } }), { message: 'wrapped' });
      await device.patch('/client-test:system', { [top('system')]: { user: [{ name: 'ada', uid: 7 }] } });
      t.deepEqual(await device.invoke('/client-test:system/user=ada/lock', { reason: 'audit' }), { locked: true });
      t.deepEqual(s.locks, ["/client-test:system/user[name='ada']/lock: audit"]);
    } finally {
      await s.server.close();
    }
  });

  test(name('what the schema refuses is thrown with its path and reason, and nothing is sent'), async (t) => {
    const s = await startServer('uws');
    try {
      const device = await connect(s.url, { mode });
      const sent = spy(device);
      const missing = await failure(t, device.invoke('/client-test:system/user=ada/lock', {}));
      t.is(missing.errors[0]?.tag, 'data-missing');
      t.regex(missing.errors[0]?.path ?? '', /lock\/.*reason$/);

      const unknown = await failure(t, device.invoke('/client-test:echo', { message: 'x', colour: 'red' }));
      t.is(unknown.errors[0]?.tag, 'unknown-element');
      t.regex(unknown.errors[0]?.path ?? '', /^\/client-test:echo/);
      t.regex(unknown.errors[0]?.message ?? '', /colour/);

      const range = await failure(t, device.patch('/client-test:system', { [top('system')]: { mtu: 5 } }));
      t.is(range.errors[0]?.tag, 'invalid-value');
      t.is(range.errors[0]?.path, '/client-test:system/mtu');
      t.regex(range.errors[0]?.message ?? '', /68\.\.9000/);

      const badPath = await failure(t, device.get('/client-test:system/nonesuch'));
      t.regex(badPath.errors[0]?.message ?? '', /nonesuch/);
      const notOp = await failure(t, device.invoke('/client-test:system', {}));
      t.is(notOp.errors[0]?.path, '/client-test:system');
      t.deepEqual(sent, [], 'nothing was sent');

      // what only the server knows comes back as its errors
      await device.patch('/client-test:system', { [top('system')]: { user: [{ name: 'ada', uid: 7 }] } });
      const exists = await failure(t, device.post('/client-test:system', { [top('user')]: [{ name: 'ada', uid: 8 }] }));
      t.is(exists.errors[0]?.tag, 'data-exists');
      t.is(exists.errors[0]?.status, 409);
      t.deepEqual(sent, ['PATCH /restconf/data/client-test:system', 'POST /restconf/data/client-test:system']);
    } finally {
      await s.server.close();
    }
  });

  test(name('events are plain objects: the notification\'s content and its time'), async (t) => {
    const s = await startServer('uws');
    try {
      const device = await connect(s.url, { mode });
      const events = firstValueFrom(device.events('/client-test:alarm').pipe(take(2), toArray()));
      // the server's stream is open once it is counted; until then, keep sending
      const timer = setInterval(() => s.alarms.next({ severity: 'major', text: 'disk' }), 50);
      try {
        const got = await events;
        for (const e of got) {
          t.deepEqual(e.data, { severity: 'major', text: 'disk' });
          t.false(Number.isNaN(Date.parse(e.eventTime)), `eventTime ${e.eventTime} is a time`);
          t.deepEqual(JSON.parse(JSON.stringify(e)), e);
        }
      } finally {
        clearInterval(timer);
      }
      t.throws(() => device.events('/client-test:system'), { instanceOf: RestconfFailure });
    } finally {
      await s.server.close();
    }
  });
}
