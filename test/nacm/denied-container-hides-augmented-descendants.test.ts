/**
 * A read-denied node hides everything below it, the nodes other modules
 * augment into it included (RFC 8341 §3.2.4: omitted along with any
 * descendants), over real sockets in both compliance modes: a rule of the
 * base module (`module-name` nacm-vault) denies `/nacm-vault:vault`; the
 * leaves nacm-vault-tags augments into its list entries match no rule, yet
 * no GET shows an entry, its keys or its tags, and a GET of a hidden entry
 * answers as one that does not exist. Only a rule that permits a node below
 * (docs/security.md) opens the way to it.
 */
import test from 'ava';
import { modal, type Mode } from '../helpers/compliance-mode.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';
import { SseClient } from '../helpers/sse-client.ts';

const SECRET = 'k-secret-1';
const OTHER = 'k-other-2';
const deny = (name: string, path: string): Record<string, unknown> => ({ name, 'module-name': 'nacm-vault', path, 'access-operations': 'read', action: 'deny' });
const RULES = {
  groups: { group: [{ name: 'outsiders', 'user-name': ['out'] }, { name: 'partial', 'user-name': ['part'] }, { name: 'taggers', 'user-name': ['tagger'] }] },
  'rule-list': [
    { name: 'outsiders', group: ['outsiders'], rule: [deny('no-vault', '/nacm-vault:vault')] },
    { name: 'partial', group: ['partial'], rule: [deny('no-secret', `/nacm-vault:vault/entry[name='${SECRET}']`)] },
    {
      name: 'taggers', group: ['taggers'], rule: [
        { name: 'tags', 'module-name': 'nacm-vault-tags', path: '/nacm-vault:vault/entry/nacm-vault-tags:tag', 'access-operations': 'read', action: 'permit' },
        deny('no-vault', '/nacm-vault:vault'),
      ],
    },
    { name: 'no-nacm', group: ['*'], rule: [{ name: 'no-nacm', 'module-name': 'ietf-netconf-acm', path: '/ietf-netconf-acm:nacm', 'access-operations': '*', action: 'deny' }] },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({
    'ietf-netconf-acm:nacm': RULES,
    'nacm-vault:vault': { entry: [{ name: SECRET, note: 'n1', 'nacm-vault-tags:tag': 'tg1' }, { name: OTHER, note: 'n2' }] },
  }, { modules: ['nacm-rights', 'nacm-vault', 'nacm-vault-tags'] });
});
test.after.always(async () => {
  await s.server.close();
});

const READS = [
  'data', 'data?depth=2', 'data?depth=4', 'data?content=config', 'data?content=nonconfig', 'data?with-defaults=report-all',
  'data?with-defaults=report-all-tagged', 'data/nacm-vault:', 'data/nacm-vault:?with-defaults=report-all', 'data/nacm-vault:vault',
  'data/nacm-vault:vault?depth=2', 'data/nacm-vault:vault?fields=entry/name', 'data/nacm-vault:vault?fields=entry/nacm-vault-tags:tag',
  'data/nacm-vault:vault/entry', 'data/nacm-vault:vault/entry?with-defaults=report-all', 'data/nacm-vault:vault/entry?content=nonconfig',
];

/** A GET's answer with the target's name replaced, to compare a hidden target with a missing one. */
const answer = async (path: string, user: string, mode: Mode, name: string): Promise<{ status: number; body: string }> => {
  const r = await s.call('GET', path, user, mode);
  return { status: r.status, body: r.text.split(name).join('<name>') };
};

for (const mode of ['plain', 'strict'] as const) {
  const m = modal(mode, 'nacm-vault');

  test.serial(`${mode}: no read shows an entry, its key or an augmented leaf below a container the user may not read`, async (t) => {
    t.regex((await s.call('GET', 'data/nacm-vault:vault', 'root', mode)).text, /tg1/, 'the data is there for others');
    for (const path of READS) {
      const r = await s.call('GET', path, 'out', mode);
      t.true([200, 204, 404].includes(r.status), `${path}: ${r.status}`);
      t.notRegex(r.text, new RegExp(`${SECRET}|${OTHER}|tg1|plain|n1|"vault"|"nacm-vault:vault"`), `${path} tells nothing of the vault`);
    }
    t.is((await s.call('GET', 'data/nacm-vault:vault', 'out', mode)).status, 404);
  });

  test.serial(`${mode}: a GET of a hidden entry answers as a GET of one that does not exist`, async (t) => {
    for (const tail of ['', '/nacm-vault-tags:tag', '/name']) {
      const hidden = await answer(`data/nacm-vault:vault/entry=${SECRET}${tail}`, 'out', mode, SECRET);
      const missing = await answer(`data/nacm-vault:vault/entry=nope${tail}`, 'out', mode, 'nope');
      t.is(hidden.status, 404, tail);
      t.deepEqual(hidden, missing, tail);
      const partHidden = await answer(`data/nacm-vault:vault/entry=${SECRET}${tail}`, 'part', mode, SECRET);
      t.deepEqual(partHidden, await answer(`data/nacm-vault:vault/entry=nope${tail}`, 'part', mode, 'nope'), `per-instance rule ${tail}`);
    }
  });

  test.serial(`${mode}: a rule on an entry's keys hides that entry with its augmented leaves, and only it`, async (t) => {
    const r = await s.call('GET', 'data/nacm-vault:vault?with-defaults=report-all', 'part', mode);
    t.notRegex(r.text, new RegExp(`${SECRET}|tg1|n1`));
    t.deepEqual(r.json, m.top('vault', { entry: [{ name: OTHER, note: 'n2', [mode === 'strict' ? 'nacm-vault-tags:tag' : 'tag']: 'plain' }] }));
  });

  test.serial(`${mode}: a rule that permits an augmented leaf opens the way to it (its entry's keys included) and to nothing else`, async (t) => {
    const r = await s.call('GET', 'data/nacm-vault:vault', 'tagger', mode);
    t.deepEqual(r.json, m.top('vault', { entry: [{ name: SECRET, [mode === 'strict' ? 'nacm-vault-tags:tag' : 'tag']: 'tg1' }, { name: OTHER, [mode === 'strict' ? 'nacm-vault-tags:tag' : 'tag']: 'plain' }] }));
  });
}

test.serial('the change stream sends no change of an augmented leaf below a container the user may not read', async (t) => {
  const open = (user: string): Promise<SseClient> => SseClient.open(`${s.url}/restconf/streams/nacm-vault/changes`, { 'x-remote-user': user });
  const out = await open('out');
  const part = await open('part');
  try {
    t.is((await s.call('PATCH', `data/nacm-vault:vault/entry=${SECRET}`, 'root', 'plain', { entry: [{ name: SECRET, tag: 'tg9' }] })).status, 204);
    t.is((await s.call('PATCH', `data/nacm-vault:vault/entry=${OTHER}`, 'root', 'plain', { entry: [{ name: OTHER, tag: 'tg8' }] })).status, 204);
    const [seen] = await part.waitFor(1);
    t.regex(seen?.data ?? '', /tg8/, 'the change the user may read is sent');
    t.is(part.messages.length, 1, 'the change of the hidden entry is not');
    t.notRegex(JSON.stringify(part.messages.map((m) => m.data)), new RegExp(`${SECRET}|tg9`));
    t.is(out.messages.length, 0, 'nothing of the vault reaches a user who may not read it');
  } finally {
    out.close();
    part.close();
  }
});
