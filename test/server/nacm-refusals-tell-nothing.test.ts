/**
 * A refusal says nothing of what NACM hides, over real sockets in both
 * compliance modes: a DELETE of data the user may neither read nor delete
 * is answered the same whether the data exists or not; an operation the
 * user may not run is 403 access-denied before its input is looked at and
 * before whether it has a handler is told (RFC 8341 §3.4.4).
 */
import test from 'ava';
import { modal } from '../helpers/compliance-mode.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const RULES = {
  'write-default': 'deny',
  groups: { group: [{ name: 'clerks', 'user-name': ['ck'] }, { name: 'ops', 'user-name': ['op'] }] },
  'rule-list': [
    {
      name: 'clerks', group: ['clerks'], rule: [
        { name: 'no-closed', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf/closed', 'access-operations': '*', action: 'deny' },
        { name: 'shelf', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf', 'access-operations': '*', action: 'permit' },
        { name: 'no-restart', 'module-name': 'nacm-rights', 'rpc-name': 'restart', 'access-operations': 'exec', action: 'deny' },
        { name: 'no-probe', 'module-name': 'nacm-rights', 'rpc-name': 'probe', 'access-operations': 'exec', action: 'deny' },
      ],
    },
    { name: 'ops', group: ['ops'], rule: [{ name: 'all-ops', 'module-name': 'nacm-rights', 'rpc-name': '*', 'access-operations': 'exec', action: 'permit' }] },
  ],
};

const SHELF = { open: 'o', closed: 'c' };

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({ 'ietf-netconf-acm:nacm': RULES, 'nacm-rights:shelf': SHELF });
});
test.after.always(async () => {
  await s.server.close();
});

for (const mode of ['plain', 'strict'] as const) {
  const m = modal(mode, 'nacm-rights');
  const ops = mode === 'strict' ? 'operations' : 'data';

  test.serial(`${mode}: DELETE answers existing and missing data the user may not read alike`, async (t) => {
    const answers = async (): Promise<string> => {
      const r = await s.call('DELETE', 'data/nacm-rights:shelf/closed', 'ck', mode);
      return `${r.status} ${r.text}`;
    };
    const present = await answers();
    t.regex(present, /^403 .*"error-tag":"access-denied"/);
    t.is((await s.call('DELETE', 'data/nacm-rights:shelf/closed', 'root', mode)).status, 204);
    t.is(await answers(), present, 'the same status and body when the hidden leaf does not exist');
    t.deepEqual((await s.call('GET', 'data/nacm-rights:shelf', 'root', mode)).json, m.top('shelf', { open: 'o' }), 'the refused deletes changed nothing');
    t.is((await s.call('PATCH', 'data/nacm-rights:shelf', 'root', mode, m.top('shelf', SHELF))).status, 204);
    t.is((await s.call('DELETE', 'data/nacm-rights:shelf/open', 'ck', mode)).status, 204, 'what the user may delete is deleted');
    t.is((await s.call('PATCH', 'data/nacm-rights:shelf', 'root', mode, m.top('shelf', SHELF))).status, 204);
  });

  test.serial(`${mode}: exec is checked before the input and before 501 (RFC 8341 §3.4.4: access-denied before anything else is said)`, async (t) => {
    const refused = async (rpc: string, body?: unknown): Promise<void> => {
      const r = await s.call('POST', `${ops}/nacm-rights:${rpc}`, 'ck', mode, body);
      t.is(r.status, 403, `${rpc} ${JSON.stringify(body)}: ${r.text}`);
      t.regex(r.text, /"error-tag":"access-denied"/);
    };
    await refused('restart', m.input({ delay: 'soon' }));
    await refused('restart');
    await refused('restart', m.input({ delay: 5 }));
    await refused('probe');
    await refused('wipe'); // nacm:default-deny-all, no rule for it
    t.is((await s.call('POST', `${ops}/nacm-rights:restart`, 'op', mode, m.input({ delay: 'soon' }))).status, 400, 'a permitted user hears about the input');
    t.is((await s.call('POST', `${ops}/nacm-rights:restart`, 'op', mode, m.input({ delay: 5 }))).status, 501, 'and that there is no handler');
    t.is((await s.call('POST', `${ops}/nacm-rights:wipe`, 'op', mode)).status, 501, 'a rule that permits every rpc permits one that is default-deny-all too');
  });
}
