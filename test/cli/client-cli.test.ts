/**
 * The client commands as people run them (spawned through tsx, as
 * cli.test.ts runs the command) against a live server started here:
 * get, patch (checked against the published schema before sending;
 * refused input is never sent), put, post, delete, call, watch; errors
 * printed as PATH: TAG: MESSAGE; the exit codes of the README.
 */
import test from 'ava';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type ClientTestServer } from '../client/client-server.ts';
import { CLIENT_USAGE } from '../../src/cli/client-commands/client-usage.ts';
import { hashPassword, formatUsers } from '../../src/server/auth/password-file.ts';
import { runCli } from '../helpers/run-cli.ts';

const dir = mkdtempSync(join(tmpdir(), 'rxconf-client-cli-'));
// the commands' schema cache, here and not in the user's
process.env['RXCONF_CACHE_DIR'] = join(dir, 'cache');
const file = (name: string, text: string): string => {
  const f = join(dir, name);
  writeFileSync(f, text);
  return f;
};

const rxconf = runCli;

const serverGet = async (s: ClientTestServer, path: string): Promise<unknown> => {
  const r = await fetch(`${s.url}/restconf/data${path}`, { headers: { accept: 'application/yang-data+json' } });
  return r.status === 200 ? r.json() : r.status;
};

for (const transport of ['uws', 'http1'] as const) {
  test.serial(`get, patch, put, post, delete and call against a live server (${transport})`, async (t) => {
    const s = await startServer(transport);
    try {
      const get = await rxconf(['get', s.url, '/client-test:system']);
      t.is(get.code, 0, get.stderr);
      t.deepEqual(JSON.parse(get.stdout), { 'client-test:system': { mtu: 1500, stats: { uptime: '42' } } });

      const patch = await rxconf(['patch', s.url, '/client-test:system', '--data', '-'], JSON.stringify({ 'client-test:system': { hostname: 'h1', user: [{ name: 'ada', uid: 7 }] } }));
      t.is(patch.code, 0, patch.stderr);
      t.is(patch.stdout, '');
      t.deepEqual(await serverGet(s, '/client-test:system/hostname'), { 'client-test:hostname': 'h1' });

      const simplified = await rxconf(['get', `${s.url}/restconf/data/client-test:system/user=ada`, '--simplified', '--with-defaults', 'explicit']);
      t.is(simplified.code, 0, simplified.stderr);
      t.deepEqual(JSON.parse(simplified.stdout), { user: [{ name: 'ada', uid: 7 }] });

      const put = await rxconf(['put', s.url, '/client-test:system/hostname', '--data', file('hostname.json', '{"client-test:hostname":"h2"}')]);
      t.is(put.code, 0, put.stderr);
      t.deepEqual(await serverGet(s, '/client-test:system/hostname'), { 'client-test:hostname': 'h2' });

      const post = await rxconf(['post', s.url, '/client-test:system', '--data', '-'], '{"client-test:user":[{"name":"bob","uid":8}]}');
      t.is(post.code, 0, post.stderr);
      t.is(post.stdout.trim(), `${s.url}/restconf/data/client-test:system/user=bob`, 'the Location of the new entry');

      const del = await rxconf(['delete', s.url, '/client-test:system/user=bob']);
      t.is(del.code, 0, del.stderr);
      t.is(await serverGet(s, '/client-test:system/user=bob'), 404);

      const call = await rxconf(['call', s.url, 'client-test:echo', '--data', '-'], '{"message":"hi","count":"9007199254740993"}');
      t.is(call.code, 0, call.stderr);
      t.deepEqual(JSON.parse(call.stdout), { 'client-test:output': { message: 'hi', count: '9007199254740993' } });

      const action = await rxconf(['call', s.url, '/client-test:system/user=ada/lock', '--data', '-'], '{"client-test:input":{"reason":"audit"}}');
      t.is(action.code, 0, action.stderr);
      t.deepEqual(JSON.parse(action.stdout), { 'client-test:output': { locked: true } });
      t.deepEqual(s.locks, ["/client-test:system/user[name='ada']/lock: audit"]);
    } finally {
      await s.server.close();
    }
  });

  test.serial(`input the schema refuses is reported as FILE: PATH: TAG: MESSAGE and never sent (${transport})`, async (t) => {
    const s = await startServer(transport);
    try {
      const bad = file('bad.json', JSON.stringify({ 'client-test:system': { mtu: 5, colour: 'red' } }));
      const r = await rxconf(['patch', s.url, '/client-test:system', '--data', bad]);
      t.is(r.code, 1);
      t.is(r.stdout, '');
      const lines = r.stderr.trim().split('\n');
      t.true(lines.includes(`${bad}: /client-test:system/mtu: invalid-value: "5" is out of range 68..9000 for type uint16`), r.stderr);
      t.true(lines.some((l) => l.startsWith(`${bad}: /client-test:system`) && l.includes('unknown-element') && l.includes('colour')), r.stderr);
      t.deepEqual(await serverGet(s, '/client-test:system/mtu?with-defaults=explicit'), 404, 'nothing was written');

      const syntax = await rxconf(['put', s.url, '/client-test:system', '--data', '-'], '{"client-test:system": {');
      t.is(syntax.code, 1);
      t.regex(syntax.stderr, /^stdin: .*malformed-message|^stdin: .*invalid-value/m);

      const input = await rxconf(['call', s.url, 'client-test:echo', '--data', '-'], '{"count":"x"}');
      t.is(input.code, 1);
      t.regex(input.stderr, /^stdin: \/client-test:echo.*count.*: invalid-value: /m);

      const unchecked = await rxconf(['patch', s.url, '/client-test:system', '--data', bad, '--no-check']);
      t.is(unchecked.code, 1, 'the server refuses it');
      t.regex(unchecked.stderr, /^\/client-test:system.*: (invalid-value|unknown-element): /m);
      t.notRegex(unchecked.stderr, new RegExp(bad.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')), 'the server\'s errors carry no file name');
    } finally {
      await s.server.close();
    }
  });

  test.serial(`what the server refuses comes back as PATH: TAG: MESSAGE with exit 1 (${transport})`, async (t) => {
    const s = await startServer(transport);
    try {
      const missing = await rxconf(['get', s.url, '/client-test:system/user=zed']);
      t.is(missing.code, 1);
      t.is(missing.stderr.trim(), "/client-test:system/user[name='zed']: invalid-value: no data at /client-test:system/user[name='zed']");
      const mandatory = await rxconf(['patch', s.url, '/client-test:system', '--data', '-'], '{"client-test:system":{"user":[{"name":"eve"}]}}');
      t.is(mandatory.code, 1);
      t.regex(mandatory.stderr, /^\/client-test:system\/user\[name='eve'\]\/uid: [a-z-]+: .*uid/m);
    } finally {
      await s.server.close();
    }
  });

  test.serial(`watch prints each event on its own line (${transport})`, async (t) => {
    const s = await startServer(transport);
    const timer = setInterval(() => s.alarms.next({ severity: 'major', text: 'disk full' }), 100);
    try {
      const strict = await rxconf(['watch', s.url, '/client-test:alarm', '--count', '2']);
      t.is(strict.code, 0, strict.stderr);
      const lines = strict.stdout.trim().split('\n').map((l) => JSON.parse(l) as Record<string, Record<string, unknown>>);
      t.is(lines.length, 2);
      for (const l of lines) t.deepEqual(l['ietf-restconf:notification']?.['client-test:alarm'], { severity: 'major', text: 'disk full' });
      const plain = await rxconf(['watch', s.url, '/client-test:alarm', '-n', '1', '--simplified', '--filter', "severity='major'"]);
      t.is(plain.code, 0, plain.stderr);
      t.deepEqual(JSON.parse(plain.stdout), { severity: 'major', text: 'disk full' });
      const changes = rxconf(['watch', s.url, '--stream', 'client-test/changes', '-n', '1']);
      const edit = setInterval(() => void fetch(`${s.url}/restconf/data/client-test:system/hostname`, {
        method: 'PUT', headers: { 'content-type': 'application/yang-data+json' }, body: '{"client-test:hostname":"c"}',
      }), 300);
      try {
        const c = await changes;
        t.is(c.code, 0, c.stderr);
        t.regex(c.stdout, /"target":"\/client-test:system\/hostname"/);
      } finally {
        clearInterval(edit);
      }
    } finally {
      clearInterval(timer);
      await s.server.close();
    }
  });
}

test.serial('credentials: without them 401 (exit 1), with --user the request goes through', async (t) => {
  const users = file('users', formatUsers([{ name: 'ann', hash: await hashPassword('ann-secret-1', { ln: 10, r: 8, p: 1 }), groups: [] }]));
  const s = await startServer('http1', { auth: { basic: { usersFile: users } } });
  try {
    const anonymous = await rxconf(['get', s.url, '/client-test:system']);
    t.is(anonymous.code, 1);
    t.regex(anonymous.stderr, /access-denied/);
    const wrong = await rxconf(['put', s.url, '/client-test:system/hostname', '--data', '-', '--user', 'ann:nope'], '{"client-test:hostname":"z"}');
    t.is(wrong.code, 1, 'refused (its schema first)');
    t.regex(wrong.stderr, /access-denied|401/);
    const ann = await rxconf(['patch', s.url, '/client-test:system', '--data', '-', '--user', 'ann:ann-secret-1'], '{"client-test:system":{"hostname":"ann"}}');
    t.is(ann.code, 0, ann.stderr);
    const back = await rxconf(['get', s.url, '/client-test:system/hostname', '-u', 'ann:ann-secret-1']);
    t.deepEqual(JSON.parse(back.stdout), { 'client-test:hostname': 'ann' });
  } finally {
    await s.server.close();
  }
});

test('no server: exit 3 with the reason; usage errors: exit 2', async (t) => {
  const none = await rxconf(['get', 'http://127.0.0.1:9/restconf', '/client-test:system']);
  t.is(none.code, 3);
  t.regex(none.stderr, /^rxconf get: no answer from http:\/\/127\.0\.0\.1:9: .*ECONNREFUSED/m);
  const noUrl = await rxconf(['patch']);
  t.is(noUrl.code, 2);
  t.regex(noUrl.stderr, /^rxconf patch: give the server URL/m);
  const noData = await rxconf(['put', 'http://127.0.0.1:9', '/client-test:system']);
  t.is(noData.code, 2);
  t.regex(noData.stderr, /needs its body/);
  const help = await rxconf(['watch', '--help']);
  t.is(help.code, 0);
  t.is(help.stdout.trim(), CLIENT_USAGE.watch);
});
