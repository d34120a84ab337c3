/**
 * What a read shows, per RFC 8341 §3.4.5, over real sockets in both
 * compliance modes: a leaf the user may not read is absent, whatever its
 * schema default (not its default, not tagged as one); rules are matched
 * per node, first match wins, so a node a rule permits is served under an
 * ancestor the user may not read (a later deny rule, or read-default deny),
 * as in docs/security.md's "permit a child before denying its parent"; the
 * `nacm` container is `nacm:default-deny-all`, its top-level leaves too.
 */
import test from 'ava';
import { modal, type Mode } from '../helpers/compliance-mode.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const RULES = {
  groups: { group: [{ name: 'readers', 'user-name': ['rd'] }, { name: 'peekers', 'user-name': ['pk'] }] },
  'rule-list': [
    { name: 'readers', group: ['readers'], rule: [{ name: 'no-level', 'module-name': 'nacm-rights', path: '/nacm-rights:settings/level', 'access-operations': 'read', action: 'deny' }] },
    {
      name: 'peekers', group: ['peekers'], rule: [
        { name: 'open', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf/open', 'access-operations': 'read', action: 'permit' },
        { name: 'item', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf/box/item', 'access-operations': 'read', action: 'permit' },
        { name: 'no-shelf', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf', 'access-operations': 'read', action: 'deny' },
        { name: 'no-nacm', 'module-name': 'ietf-netconf-acm', path: '/ietf-netconf-acm:nacm', 'access-operations': '*', action: 'deny' },
      ],
    },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({
    'ietf-netconf-acm:nacm': RULES,
    'nacm-rights:settings': { name: 'a' },
    'nacm-rights:shelf': { open: 'o', closed: 'c', box: { item: 'i' } },
  });
});
test.after.always(async () => {
  await s.server.close();
});

const get = async (path: string, user: string, mode: Mode): Promise<{ status: number; json: unknown; text: string }> => s.call('GET', `data/${path}`, user, mode);

for (const mode of ['plain', 'strict'] as const) {
  const m = modal(mode, 'nacm-rights');

  test.serial(`${mode}: a leaf the user may not read is absent, not answered as its default (RFC 8341 §3.4.5: silently omitted)`, async (t) => {
    t.deepEqual((await get('nacm-rights:settings', 'root', mode)).json, m.top('settings', { name: 'a', level: 3 }), 'the default is what others see');
    for (const wd of ['', '?with-defaults=report-all', '?with-defaults=report-all-tagged', '?with-defaults=explicit']) {
      const r = await get(`nacm-rights:settings${wd}`, 'rd', mode);
      t.deepEqual(r.json, m.top('settings', { name: 'a' }), `no level and no default tag (${wd})`);
      t.notRegex(r.text, /level/);
      t.is((await get(`nacm-rights:settings/level${wd}`, 'rd', mode)).status, 404, `the leaf itself is not found (${wd})`);
    }
    t.notRegex((await get('nacm-rights:settings?depth=1', 'rd', mode)).text, /level/);
  });

  test.serial(`${mode}: a node a rule permits is served under an ancestor a later rule denies (RFC 8341 §3.4.5: rules matched per node, first match wins)`, async (t) => {
    t.deepEqual((await get('nacm-rights:shelf/open', 'pk', mode)).json, m.top('open', 'o'));
    t.deepEqual((await get('nacm-rights:shelf/box/item', 'pk', mode)).json, m.top('item', 'i'));
    t.deepEqual((await get('nacm-rights:shelf', 'pk', mode)).json, m.top('shelf', { open: 'o', box: { item: 'i' } }), 'only the permitted nodes and the way to them');
    t.deepEqual((await get('nacm-rights:shelf?fields=open', 'pk', mode)).json, m.top('shelf', { open: 'o' }));
    t.is((await get('nacm-rights:shelf/closed', 'pk', mode)).status, 404);
  });

  test.serial(`${mode}: a node a rule permits is served under an ancestor read-default denies`, async (t) => {
    const readDefault = (value: string): Record<string, unknown> => (mode === 'strict' ? { 'ietf-netconf-acm:read-default': value } : { 'read-default': value });
    t.true([201, 204].includes((await s.call('PUT', 'data/ietf-netconf-acm:nacm/read-default', 'root', mode, readDefault('deny'))).status));
    try {
      t.is((await get('nacm-rights:settings', 'pk', mode)).status, 404, 'read-default deny applies');
      t.deepEqual((await get('nacm-rights:shelf/box/item', 'pk', mode)).json, m.top('item', 'i'));
      t.deepEqual((await get('nacm-rights:shelf', 'pk', mode)).json, m.top('shelf', { open: 'o', box: { item: 'i' } }));
    } finally {
      t.is((await s.call('PUT', 'data/ietf-netconf-acm:nacm/read-default', 'root', mode, readDefault('permit'))).status, 204);
    }
  });

  test.serial(`${mode}: the top-level leaves of /nacm follow its nacm:default-deny-all (RFC 8341 §3.5.1)`, async (t) => {
    for (const user of ['rd', 'pk']) {
      t.is((await get('ietf-netconf-acm:nacm', user, mode)).status, 404, user);
      for (const leaf of ['enable-nacm', 'read-default', 'write-default', 'exec-default', 'enable-external-groups', 'denied-operations', 'denied-data-writes', 'denied-notifications']) {
        t.is((await get(`ietf-netconf-acm:nacm/${leaf}`, user, mode)).status, 404, `${leaf} (${user})`);
      }
      const all = await s.call('GET', 'data', user, mode);
      t.notRegex(all.text, /read-default|enable-nacm/, `the datastore holds none of it (${user})`);
    }
    t.is((await get('ietf-netconf-acm:nacm/read-default', 'root', mode)).status, 200);
  });
}
