/**
 * NACM beyond the data paths, over real sockets in both compliance modes:
 * OPTIONS on the datastore resource offers only the methods the user may
 * use (a user who may write nothing is offered no PUT, PATCH or POST), and
 * the Prometheus exposition of a module's state leaves shows a user only
 * the leaves they may read over RESTCONF.
 */
import test from 'ava';
import { modal } from '../helpers/compliance-mode.ts';
import { serveNacm, type NacmServer } from '../helpers/nacm-server.ts';

const RULES = {
  'write-default': 'deny',
  groups: { group: [{ name: 'viewers', 'user-name': ['vw'] }, { name: 'editors', 'user-name': ['ed'] }] },
  'rule-list': [
    { name: 'viewers', group: ['viewers'], rule: [{ name: 'no-hidden', 'module-name': 'nacm-rights', path: '/nacm-rights:counters/hidden', 'access-operations': 'read', action: 'deny' }] },
    { name: 'editors', group: ['editors'], rule: [{ name: 'shelf', 'module-name': 'nacm-rights', path: '/nacm-rights:shelf', 'access-operations': 'create update', action: 'permit' }] },
  ],
};

let s: NacmServer;
test.before(async () => {
  s = await serveNacm({ 'ietf-netconf-acm:nacm': RULES }, { metrics: { modules: ['nacm-rights'] } });
});
test.after.always(async () => {
  await s.server.close();
});

for (const mode of ['plain', 'strict'] as const) {
  const m = modal(mode, 'nacm-rights');

  test.serial(`${mode}: OPTIONS on the datastore offers only what the user may do`, async (t) => {
    const allow = async (user: string): Promise<string[]> => {
      const r = await s.call('OPTIONS', 'data', user, mode);
      t.is(r.status, 204);
      return (r.headers.get('allow') ?? '').split(', ').sort();
    };
    t.deepEqual(await allow('vw'), ['GET', 'HEAD', 'OPTIONS'], 'a user who may write nothing');
    t.deepEqual(await allow('ed'), ['GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT'], 'a user who may create and update somewhere');
    t.deepEqual(await allow('root'), ['GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT']);
    t.is((await s.call('PATCH', 'data', 'vw', mode, m.data(m.top('shelf', { open: 'x' })))).status, 403, 'what OPTIONS left out is refused');
  });

  test.serial(`${mode}: /metrics shows a user only the state leaves NACM lets them read`, async (t) => {
    t.is((await s.call('GET', 'data/nacm-rights:counters/hidden', 'vw', mode)).status, 404);
    const scrape = async (user: string): Promise<string> => {
      const r = await fetch(`${s.url}/metrics`, { headers: { 'x-remote-user': user } });
      t.is(r.status, 200);
      return r.text();
    };
    const viewer = await scrape('vw');
    t.regex(viewer, /^nacm_rights_counters_seen(\{[^}]*\})? 7$/m);
    t.notRegex(viewer, /nacm_rights_counters_hidden/, 'the leaf denied over RESTCONF is not a metric either');
    t.regex(await scrape('root'), /^nacm_rights_counters_hidden(\{[^}]*\})? 42$/m);
  });
}
