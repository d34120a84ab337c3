/**
 * connect(): a live server (both transports) as a local Device, in both
 * compliance modes. Its browsers read, edit, invoke and subscribe through
 * the same functions as local ones (read, commitEdit, invoke,
 * notifications), and what they do is seen on the server with plain
 * fetch; the requests the client sends are counted.
 */
import test from 'ava';
import { firstValueFrom, take, toArray } from 'rxjs';
import { commitEdit, defaultReadOptions, invoke, notifications, read, type ReadBody } from '../../src/actors/index.ts';
import { connect, type RemoteDevice } from '../../src/client/index.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import { decodeData, encodeData } from '../../src/data/json/index.ts';
import { RestconfFailure } from '../../src/errors/index.ts';
import type { HolderMeta } from '../../src/data/data-container.ts';
import type { OperationMeta } from '../../src/meta/meta.ts';
import { spy, startServer } from './client-server.ts';

const text = (r: ReadBody): string => (r.kind === 'whole' ? r.text : String(r));

const serverGet = async (url: string, path: string): Promise<unknown> => {
  const r = await fetch(`${url}/restconf/data${path}`, { headers: { accept: 'application/yang-data+json' } });
  return r.status === 200 ? r.json() : r.status;
};

const input = (device: RemoteDevice, path: string, json: unknown): DataContainer => {
  const t = device.resolve(path);
  const r = decodeData(json, t.meta as HolderMeta, { strict: false, content: 'config', schema: device.schema, path: t.path });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const edit = (device: RemoteDevice, path: string, operation: 'merge' | 'replace' | 'create' | 'delete', json?: unknown) => {
  const t = device.resolve(path);
  return commitEdit(device, t.browser, { steps: t.steps, operation, input: json === undefined ? undefined : input(device, path, json), context: {} });
};

for (const transport of ['uws', 'http1'] as const) {
  for (const mode of ['strict', 'simplified'] as const) {
    const name = (what: string): string => `${what} (${transport}, ${mode})`;

    test(name('the device has the modules the server publishes, compiled from its sources'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        t.true(device.modules.includes('client-test'));
        const module = device.schema.modules.get('client-test');
        t.is(module?.revision, '2026-11-24');
        t.true(module?.features.get('unix-sockets')?.enabled);
        t.is(device.url, `${s.url}/restconf`);
      } finally {
        await s.server.close();
      }
    });

    test(name('reads go through the read walk: state and config, depth and fields applied here'), async (t) => {
      const s = await startServer(transport);
      try {
        await fetch(`${s.url}/restconf/data/client-test:system`, {
          method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' },
          body: JSON.stringify({ 'client-test:system': { hostname: 'alpha', user: [{ name: 'ada', uid: 7 }, { name: 'bob', uid: 8 }] } }),
        });
        const device = await connect(s.url, { mode });
        const b = device.resolve('/client-test:system').browser;
        const all = JSON.parse(text(await read([b.root()], [], { ...defaultReadOptions, strict: true }))) as Record<string, unknown>;
        t.deepEqual(all, {
          'client-test:system': {
            hostname: 'alpha', mtu: 1500, stats: { uptime: '42' },
            user: [{ name: 'ada', uid: 7, profile: { shell: '/bin/sh' } }, { name: 'bob', uid: 8, profile: { shell: '/bin/sh' } }],
          },
        });
        const entry = device.resolve('/client-test:system/user=bob/uid');
        t.is(text(await read([b.root()], entry.steps, { ...defaultReadOptions, strict: true })), '{"client-test:uid":8}');
        const names = device.resolve('/client-test:system');
        const shallow = JSON.parse(text(await read([b.root()], names.steps, { ...defaultReadOptions, strict: true, depth: 2, withDefaults: 'explicit' }))) as Record<string, unknown>;
        t.deepEqual(shallow, { 'client-test:system': { hostname: 'alpha', stats: {}, user: [{ name: 'ada' }, { name: 'bob' }] } });
        const missing = device.resolve('/client-test:system/user=zed');
        const e = await t.throwsAsync(async () => read([b.root()], missing.steps, { ...defaultReadOptions, strict: true }));
        t.is((e as RestconfFailure).errors[0]?.status, 404);
      } finally {
        await s.server.close();
      }
    });

    test(name('a merge is one PATCH; a replace of an entry one PUT; a delete one DELETE'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        const sent = spy(device);
        t.deepEqual(await edit(device, '/client-test:system', 'merge', { hostname: 'beta', dns: ['a', 'b'], user: [{ name: 'ada', uid: 7, profile: { shell: '/bin/zsh' } }] }), { created: false, existed: true });
        t.deepEqual(sent.filter((r) => !r.startsWith('GET')), ['PATCH /restconf/data']);
        t.deepEqual(await serverGet(s.url, '/client-test:system?content=config&with-defaults=explicit'), {
          'client-test:system': { hostname: 'beta', dns: ['a', 'b'], user: [{ name: 'ada', uid: 7, profile: { shell: '/bin/zsh' } }] },
        });
        sent.length = 0;
        await edit(device, '/client-test:system/user=ada', 'replace', { name: 'ada', uid: 9 });
        t.deepEqual(sent.filter((r) => !r.startsWith('GET')), ["PUT /restconf/data/client-test:system/user=ada"]);
        t.deepEqual(await serverGet(s.url, '/client-test:system/user=ada?with-defaults=explicit'), { 'client-test:user': [{ name: 'ada', uid: 9 }] });
        sent.length = 0;
        t.deepEqual(await edit(device, '/client-test:system/user=bob', 'create', { name: 'bob', uid: 10 }), { created: true, existed: false });
        t.deepEqual(sent.filter((r) => !r.startsWith('GET')), ['PATCH /restconf/data']);
        const e = await t.throwsAsync(edit(device, '/client-test:system/user=bob', 'create', { name: 'bob', uid: 11 }));
        t.is((e as RestconfFailure).errors[0]?.tag, 'data-exists');
        sent.length = 0;
        t.deepEqual(await edit(device, '/client-test:system/user=ada', 'delete'), { created: false, existed: true });
        t.deepEqual(sent.filter((r) => !r.startsWith('GET')), ["DELETE /restconf/data/client-test:system/user=ada"]);
        t.is(await serverGet(s.url, '/client-test:system/user=ada'), 404);
        t.deepEqual(await edit(device, '/client-test:system/user=ada', 'delete'), { created: false, existed: false });
        sent.length = 0;
        await edit(device, '/client-test:system', 'merge', { port: 830 });
        await edit(device, '/client-test:system', 'merge', { socket: '/run/x' });
        t.deepEqual(await serverGet(s.url, '/client-test:system?content=config&depth=2&fields=port;socket'), { 'client-test:system': { socket: '/run/x' } });
      } finally {
        await s.server.close();
      }
    });

    test(name('a replace of the module root is one PUT of the module'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        await edit(device, '/client-test:system', 'merge', { hostname: 'one', user: [{ name: 'ada', uid: 1 }] });
        const sent = spy(device);
        const b = device.resolve('/client-test:system').browser;
        const tree = decodeData({ system: { hostname: 'two', user: [{ name: 'bob', uid: 2 }] } }, b.module, { strict: false, content: 'config', schema: device.schema });
        if (!tree.ok) return t.fail();
        await commitEdit(device, b, { steps: [], operation: 'replace', input: tree.value, context: {} });
        t.deepEqual(sent.filter((r) => !r.startsWith('GET')), ['PUT /restconf/data/client-test:']);
        t.deepEqual(await serverGet(s.url, '/client-test:system?with-defaults=explicit'), {
          'client-test:system': { hostname: 'two', user: [{ name: 'bob', uid: 2 }] },
        });
      } finally {
        await s.server.close();
      }
    });

    test(name('what only the server checks comes back as its errors, and nothing is half done'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        const e = await t.throwsAsync(edit(device, '/client-test:system', 'merge', { user: [{ name: 'eve' }] }));
        t.true(e instanceof RestconfFailure);
        const first = (e as RestconfFailure).errors[0];
        const direct = await fetch(`${s.url}/restconf/data/client-test:system`, {
          method: 'PATCH', headers: { 'content-type': 'application/yang-data+json' },
          body: JSON.stringify({ 'client-test:system': { user: [{ name: 'eve' }] } }),
        });
        const said = ((await direct.json()) as { 'ietf-restconf:errors': { error: { 'error-tag': string; 'error-path': string }[] } })['ietf-restconf:errors'].error[0];
        t.is(first?.status, direct.status, 'the status the server answers');
        t.is(first?.tag as string | undefined, said?.['error-tag']);
        t.is(first?.path, said?.['error-path']);
        t.regex(first?.path ?? '', /user\[name='eve'\]/);
        t.is(await serverGet(s.url, '/client-test:system/user=eve'), 404);
      } finally {
        await s.server.close();
      }
    });

    test(name('rpcs and actions are invoked on the server, input checked here first'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        const echo = device.resolve('/client-test:echo');
        const op = echo.meta as OperationMeta;
        const given = decodeData({ message: 'hi', count: '9007199254740993' }, op.input, { strict: false, content: 'all', schema: device.schema });
        if (!given.ok) return t.fail();
        const out = await invoke(echo.browser, { steps: echo.steps, input: given.value, context: {} });
        t.deepEqual(out === undefined ? undefined : encodeData(out, { strict: true }), { message: 'hi', count: '9007199254740993' });
        await edit(device, '/client-test:system', 'merge', { user: [{ name: 'ada', uid: 7 }] });
        const lock = device.resolve('/client-test:system/user=ada/lock');
        const lockOp = lock.meta as OperationMeta;
        const reason = decodeData({ reason: 'audit' }, lockOp.input, { strict: false, content: 'all', schema: device.schema });
        if (!reason.ok) return t.fail();
        const locked = await invoke(lock.browser, { steps: lock.steps, input: reason.value, context: {} });
        t.deepEqual(locked === undefined ? undefined : encodeData(locked, { strict: true }), { locked: true });
        t.deepEqual(s.locks, ["/client-test:system/user[name='ada']/lock: audit"]);
        const sent = spy(device);
        const e = await t.throwsAsync(invoke(lock.browser, { steps: lock.steps, input: new DataContainer(lockOp.input), context: {} }));
        t.is((e as RestconfFailure).errors[0]?.tag, 'data-missing');
        t.regex((e as RestconfFailure).errors[0]?.message ?? '', /reason/);
        t.false(sent.some((r) => r.startsWith('POST')), 'invalid input is not sent');
      } finally {
        await s.server.close();
      }
    });

    test(name('a notification is an Observable of the server\'s events; unsubscribing closes the stream'), async (t) => {
      const s = await startServer(transport);
      try {
        const device = await connect(s.url, { mode });
        const alarm = device.resolve('/client-test:alarm');
        const events = firstValueFrom(notifications(alarm.browser, alarm.steps, {}).pipe(take(3), toArray()));
        // the server's stream is open once it is counted; until then, keep sending
        const timer = setInterval(() => s.alarms.next({ severity: 'major', text: 'disk' }), 50);
        try {
          const got = await events;
          t.is(got.length, 3);
          for (const ev of got) t.deepEqual(encodeData(ev.data, { strict: true }), { severity: 'major', text: 'disk' });
        } finally {
          clearInterval(timer);
        }
      } finally {
        await s.server.close();
      }
    });
  }
}
