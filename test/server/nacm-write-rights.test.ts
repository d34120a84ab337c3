/**
 * What a write needs, per RFC 8341, over real sockets in both compliance
 * modes: a PUT is judged as create and update of what it writes and delete
 * of what it removes (not as a delete of everything followed by a create);
 * writing the value a node already has needs the right to write it (no
 * oracle of values the user may not read, NACM's own settings included);
 * the first entry of a list under a non-presence container needs no create
 * right on the container (RFC 8341 A.4's permit-interface rule).
 */
import test from 'ava';
import { modal, type Mode } from '../helpers/compliance-mode.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const SETTINGS = { name: 'a', level: 5, secret: 's3cret', inner: { x: '1' } };

const RULES = {
  'write-default': 'deny',
  groups: {
    group: [
      { name: 'creators', 'user-name': ['cd'] },
      { name: 'updaters', 'user-name': ['up'] },
      { name: 'blind', 'user-name': ['bl'] },
      { name: 'admin', 'user-name': ['adm'] },
    ],
  },
  'rule-list': [
    { name: 'creators', group: ['creators'], rule: [{ name: 'cd', 'module-name': 'nacm-rights', path: '/nacm-rights:settings', 'access-operations': 'create delete', action: 'permit' }] },
    { name: 'updaters', group: ['updaters'], rule: [{ name: 'up', 'module-name': 'nacm-rights', path: '/nacm-rights:settings', 'access-operations': 'update', action: 'permit' }] },
    {
      name: 'blind', group: ['blind'], rule: [
        { name: 'no-secret', 'module-name': 'nacm-rights', path: '/nacm-rights:settings/secret', 'access-operations': '*', action: 'deny' },
        { name: 'settings', 'module-name': 'nacm-rights', path: '/nacm-rights:settings', 'access-operations': 'create update delete', action: 'permit' },
      ],
    },
    // RFC 8341 A.4: "permit-interface" lets the admin group create, modify and delete interface entries
    { name: 'admin-acl', group: ['admin'], rule: [{ name: 'permit-interface', 'module-name': 'nacm-rights', path: '/nacm-rights:interfaces/interface', 'access-operations': '*', action: 'permit' }] },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({ 'ietf-netconf-acm:nacm': RULES, 'nacm-rights:settings': SETTINGS });
});
test.after.always(async () => {
  await s.server.close();
});

const settingsNow = async (mode: Mode): Promise<unknown> => (await s.call('GET', 'data/nacm-rights:settings', 'root', mode)).json;

for (const mode of ['plain', 'strict'] as const) {
  const m = modal(mode, 'nacm-rights');

  test.serial(`${mode}: PUT that changes values is an update (RFC 8341 §3.2.3: PUT is create, update), and what it drops a delete`, async (t) => {
    const before = await settingsNow(mode);
    const changed = m.top('settings', { ...SETTINGS, name: 'b', level: 6, inner: { x: '2' } });
    const noUpdate = await s.call('PUT', 'data/nacm-rights:settings', 'cd', mode, changed);
    t.is(noUpdate.status, 403, 'create and delete rights do not make an update');
    t.regex(noUpdate.text, /"error-tag":"access-denied"/);
    t.deepEqual(await settingsNow(mode), before, 'the refused PUT changed nothing');
    t.is((await s.call('PUT', 'data/nacm-rights:settings', 'up', mode, changed)).status, 204, 'the update right is all a PUT that only changes values needs');
    t.like(await settingsNow(mode), m.top('settings', { name: 'b', level: 6, secret: 's3cret', inner: { x: '2' } }));
    const drops = await s.call('PUT', 'data/nacm-rights:settings', 'up', mode, m.top('settings', { name: 'b', level: 6, inner: { x: '2' } }));
    t.is(drops.status, 403, 'dropping the secret deletes it: the delete right is needed');
    t.regex(drops.text, /settings\/secret/);
    t.is((await s.call('PUT', 'data/nacm-rights:settings', 'root', mode, m.top('settings', SETTINGS))).status, 204);
  });

  test.serial(`${mode}: writing a node's current value needs the write right (RFC 8341 §3.4.5: the access operation on every node the write names)`, async (t) => {
    for (const secret of ['s3cret', 'guess']) {
      const r = await s.call('PATCH', 'data/nacm-rights:settings', 'bl', mode, m.top('settings', { secret }));
      t.is(r.status, 403, `the same answer for the current value and any other (${secret})`);
      t.regex(r.text, /"error-tag":"access-denied"/);
    }
    t.is((await s.call('PATCH', 'data/nacm-rights:settings', 'bl', mode, m.top('settings', { name: 'a' }))).status, 204, 'a permitted leaf written with its value');
    const nacm = (body: Record<string, unknown>): Record<string, unknown> => (mode === 'strict' ? { 'ietf-netconf-acm:nacm': body } : { nacm: body });
    for (const value of ['deny', 'permit']) {
      const r = await s.call('PATCH', 'data/ietf-netconf-acm:nacm', 'up', mode, nacm({ 'write-default': value }));
      t.is(r.status, 403, `NACM's own settings too (${value})`);
    }
    t.deepEqual(await settingsNow(mode), m.top('settings', SETTINGS));
  });

  test.serial(`${mode}: the first entry of a list under a non-presence container needs no create right on the container (RFC 8341 A.4 permit-interface)`, async (t) => {
    const entry = { name: `eth-${mode}`, mtu: 1500 };
    const put = await s.call('PUT', `data/nacm-rights:interfaces/interface=eth-${mode}`, 'adm', mode, m.top('interface', [entry]));
    t.is(put.status, 201, put.text);
    t.is((await s.call('DELETE', `data/nacm-rights:interfaces/interface=eth-${mode}`, 'adm', mode)).status, 204);
    const post = await s.call('POST', 'data/nacm-rights:interfaces', 'adm', mode, m.top('interface', [entry]));
    t.is(post.status, 201, post.text);
    t.is((await s.call('DELETE', `data/nacm-rights:interfaces/interface=eth-${mode}`, 'adm', mode)).status, 204);
    const patch = await s.call('PATCH', 'data/nacm-rights:interfaces', 'adm', mode, m.top('interfaces', { interface: [entry] }));
    t.is(patch.status, 204, patch.text);
    t.deepEqual((await s.call('GET', `data/nacm-rights:interfaces/interface=eth-${mode}/mtu`, 'root', mode)).json, m.top('mtu', 1500));
    t.is((await s.call('DELETE', `data/nacm-rights:interfaces/interface=eth-${mode}`, 'adm', mode)).status, 204);
  });
}
