/** The nd-app fixture is valid YANG for yanglint, and a strict read of a reflected tree is valid data for it. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { reflectNode } from '../../../src/actors/nodes/index.ts';
import { readText } from '../../helpers/read-text.ts';
import { yanglint, yanglintTest } from '../../helpers/yanglint.ts';
import { serve } from './app.ts';

const dir = join(process.cwd(), 'test/fixtures/yang/nodes');
const file = join(dir, 'nd-app.yang');

yanglintTest('yanglint accepts the nd-app fixture', (t) => {
  const r = yanglint(['-p', dir, file]);
  t.true(r.ok, r.output);
});

yanglintTest('the strict JSON read from a reflected tree is valid nd-app data for yanglint', async (t) => {
  const data = {
    system: { hostName: 'r1', mtu: 1500, bootCount: 2, dns: ['a'], debug: null, uptime: 5, temperature: '20.5', environment: { fanSpeed: 1 } },
    interface: [{ name: 'eth0', speed: 10, counters: { errors: 0 } }],
    user: new Map([['ann', { uid: 1 }]]),
    route: [{ prefix: 'p', metric: 1, protocol: 'nd-app:ospf' }],
    counter: new Map([[1, { value: 2 }]]),
    log: [{ message: 'boot' }],
  };
  const text = await readText(serve(() => reflectNode(data)).browser.root(), [], { strict: true });
  const tmp = mkdtempSync(join(tmpdir(), 'rxconf-nodes-'));
  try {
    const doc = join(tmp, 'data.json');
    writeFileSync(doc, text);
    const r = yanglint(['-p', dir, '-t', 'data', file, doc]);
    t.true(r.ok, `${r.output}\n${text}`);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
});
