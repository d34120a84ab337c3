/**
 * An entry hidden by NACM answers every method as one that does not exist
 * (RFC 8341 §3.4.5: no user learns what the rules hide), over real sockets
 * in both compliance modes: HEAD and OPTIONS, validators (ETag,
 * Last-Modified), a POST of an existing hidden entry and a YANG Patch of it.
 */
import test from 'ava';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const SECRET = 'k-secret-1';
const RULES = {
  groups: { group: [{ name: 'outsiders', 'user-name': ['out'] }] },
  'rule-list': [
    { name: 'outsiders', group: ['outsiders'], rule: [{ name: 'no-vault', 'module-name': 'nacm-vault', path: '/nacm-vault:vault', 'access-operations': 'read', action: 'deny' }] },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({
    'ietf-netconf-acm:nacm': { ...RULES, 'write-default': 'permit' },
    'nacm-vault:vault': { entry: [{ name: SECRET, note: 'n1', 'nacm-vault-tags:tag': 'tg1' }] },
  }, { modules: ['nacm-rights', 'nacm-vault', 'nacm-vault-tags'] });
});
test.after.always(async () => {
  await s.server.close();
});

const seen = (r: { status: number; text: string; headers: Headers }, name: string): unknown => ({
  status: r.status,
  body: r.text.split(name).join('<name>'),
  etag: r.headers.get('etag'),
  modified: r.headers.get('last-modified'),
  allow: r.headers.get('allow'),
});

for (const mode of ['plain', 'strict'] as const) {
  test.serial(`${mode}: GET, HEAD and OPTIONS of a hidden entry answer as of a missing one, validators included`, async (t) => {
    for (const method of ['GET', 'HEAD', 'OPTIONS']) {
      for (const tail of ['', '/nacm-vault-tags:tag', '/note']) {
        const hidden = await s.call(method, `data/nacm-vault:vault/entry=${SECRET}${tail}`, 'out', mode);
        const missing = await s.call(method, `data/nacm-vault:vault/entry=nope${tail}`, 'out', mode);
        t.deepEqual(seen(hidden, SECRET), seen(missing, 'nope'), `${method} ${tail}`);
      }
    }
    const vault = await s.call('GET', 'data/nacm-vault:vault', 'out', mode);
    t.is(vault.status, 404);
  });
}

for (const mode of ['plain', 'strict'] as const) {
  test.serial(`${mode}: a POST or YANG Patch create of a hidden entry answers as of a missing one when the user may not create`, async (t) => {
    const write = (u: string): Promise<unknown> => s.call('PUT', 'data/ietf-netconf-acm:nacm/write-default', 'root', mode, { [mode === 'strict' ? 'ietf-netconf-acm:write-default' : 'write-default']: u });
    t.true([201, 204].includes(((await write('deny')) as { status: number }).status));
    try {
      const post = async (name: string): Promise<unknown> => seen(await s.call('POST', 'data/nacm-vault:vault', 'out', mode, { [mode === 'strict' ? 'nacm-vault:entry' : 'entry']: [{ name }] }), name);
      t.deepEqual(await post(SECRET), await post('nope'));
      t.is(((await post('nope')) as { status: number }).status, 403);
      const patch = async (name: string): Promise<unknown> => {
        const edit = { 'edit-id': 'e1', operation: 'create', target: `/entry=${name}`, value: { 'nacm-vault:entry': [{ name }] } };
        const r = await fetch(`${s.url}/restconf/data/nacm-vault:vault`, {
          method: 'PATCH',
          headers: { 'x-remote-user': 'out', 'content-type': 'application/yang-patch+json', accept: 'application/yang-data+json' },
          body: JSON.stringify({ 'ietf-yang-patch:yang-patch': { 'patch-id': 'p1', edit: [edit] } }),
        });
        return seen({ status: r.status, text: await r.text(), headers: r.headers }, name);
      };
      t.deepEqual(await patch(SECRET), await patch('nope'), 'YANG Patch create');
      t.is((await s.call('GET', `data/nacm-vault:vault/entry=nope`, 'root', mode)).status, 404, 'nothing created');
    } finally {
      await write('permit');
    }
  });
}
