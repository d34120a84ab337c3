/**
 * A list's entries and their container, read by a user who may see all of
 * them (their JSON then kept for the next read: src/actors/read/entry-memo.ts
 * and container-memo.ts), are written for a user whom NACM denies a leaf
 * of them without it, before and after, in both compliance modes; and
 * every edit method over HTTP (PATCH, PUT, POST, DELETE, YANG Patch) shows
 * in the next read of the list.
 */
import test from 'ava';
import { containerMemoHeld } from '../../src/actors/read/container-memo.ts';
import { memoHeld } from '../../src/actors/read/entry-memo.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const RULES = {
  groups: { group: [{ name: 'outsiders', 'user-name': ['out'] }] },
  'rule-list': [
    { name: 'outsiders', group: ['outsiders'], rule: [{ name: 'no-note', 'module-name': 'nacm-vault', path: '/nacm-vault:vault/entry/note', 'access-operations': 'read', action: 'deny' }] },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({
    'ietf-netconf-acm:nacm': { ...RULES, 'write-default': 'permit' },
    'nacm-vault:vault': { entry: [{ name: 'a', note: 'secret-a' }, { name: 'b', note: 'secret-b' }] },
  }, { modules: ['nacm-rights', 'nacm-vault'] });
});
test.after.always(async () => {
  await s.server.close();
});

for (const mode of ['plain', 'strict'] as const) {
  test.serial(`${mode}: entries read whole by one user are written without the leaf NACM denies another`, async (t) => {
    for (let i = 0; i < 3; i++) {
      const held = memoHeld();
      const heldWhole = containerMemoHeld();
      const root = await s.call('GET', 'data/nacm-vault:vault', 'root', mode);
      t.is(root.status, 200);
      if (i === 0) t.true(memoHeld() > held, 'the entries were kept');
      if (i === 0) t.true(containerMemoHeld() > heldWhole, 'the container was kept');
      t.true(root.text.includes('secret-a') && root.text.includes('secret-b'), root.text);
      const out = await s.call('GET', 'data/nacm-vault:vault', 'out', mode);
      t.is(out.status, 200);
      t.false(out.text.includes('secret') || out.text.includes('note'), out.text);
      t.true(out.text.includes('"name":"a"') && out.text.includes('"name":"b"'), out.text);
      const list = await s.call('GET', 'data/nacm-vault:vault/entry', 'out', mode);
      t.false(list.text.includes('secret'), list.text);
    }
  });
}

test.serial('every edit method shows in the next read of kept entries', async (t) => {
  const notes = async (): Promise<unknown> => (await s.call('GET', 'data/nacm-vault:vault', 'root', 'plain')).json;
  const vault = (entries: unknown[]): unknown => ({ vault: { entry: entries } });
  await notes();
  await notes();
  const steps: Array<[string, () => Promise<{ status: number }>, unknown]> = [
    ['PATCH a leaf', () => s.call('PATCH', 'data/nacm-vault:vault', 'root', 'plain', { vault: { entry: [{ name: 'a', note: 'patched' }] } }), vault([{ name: 'a', note: 'patched' }, { name: 'b', note: 'secret-b' }])],
    ['PUT an entry', () => s.call('PUT', 'data/nacm-vault:vault/entry=b', 'root', 'plain', { entry: [{ name: 'b', note: 'put' }] }), vault([{ name: 'a', note: 'patched' }, { name: 'b', note: 'put' }])],
    ['POST an entry', () => s.call('POST', 'data/nacm-vault:vault', 'root', 'plain', { entry: [{ name: 'c', note: 'posted' }] }), vault([{ name: 'a', note: 'patched' }, { name: 'b', note: 'put' }, { name: 'c', note: 'posted' }])],
    ['DELETE a leaf', () => s.call('DELETE', 'data/nacm-vault:vault/entry=a/note', 'root', 'plain'), vault([{ name: 'a' }, { name: 'b', note: 'put' }, { name: 'c', note: 'posted' }])],
    ['DELETE an entry', () => s.call('DELETE', 'data/nacm-vault:vault/entry=b', 'root', 'plain'), vault([{ name: 'a' }, { name: 'c', note: 'posted' }])],
    ['YANG Patch a leaf', async () => {
      const edit = { 'edit-id': 'e1', operation: 'merge', target: '/entry=c', value: { 'nacm-vault:entry': [{ name: 'c', note: 'yang-patched' }] } };
      const r = await fetch(`${s.url}/restconf/data/nacm-vault:vault`, {
        method: 'PATCH',
        headers: { 'x-remote-user': 'root', 'content-type': 'application/yang-patch+json', accept: 'application/yang-data+json' },
        body: JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p1', edit: [edit] } }),
      });
      await r.text();
      return { status: r.status };
    }, vault([{ name: 'a' }, { name: 'c', note: 'yang-patched' }])],
  ];
  for (const [what, edit, after] of steps) {
    const r = await edit();
    t.true(r.status < 300, `${what}: ${r.status}`);
    t.deepEqual(await notes(), after, what);
    t.deepEqual(await notes(), after, `${what}, read again`);
  }
});
