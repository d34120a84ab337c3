/** The http fixture modules (after RFC 8040 Appendix A and §3.6) are valid YANG for yanglint and for our compiler. */
import test from 'ava';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { yanglint, yanglintTest } from '../../helpers/yanglint.ts';
import { httpFixtures, httpSchema } from './served.ts';

const files = readdirSync(httpFixtures).filter((f) => f.endsWith('.yang')).sort();

test('the fixture set is the one the conformance suite serves', (t) => {
  t.deepEqual(files, ['example-actions.yang', 'example-events.yang', 'example-jukebox.yang', 'example-ops.yang', 'example.yang', 'hx-augment.yang', 'hx-bench-list.yang', 'hx-bench.yang', 'hx-stream.yang', 'hx-test.yang']);
});

for (const file of files) {
  yanglintTest(`yanglint accepts ${file}`, (t) => {
    const r = yanglint(['-p', httpFixtures, join(httpFixtures, file)]);
    t.true(r.ok, r.output);
  });
  test(`rxconf compiles ${file}`, (t) => {
    const name = file.replace(/\.yang$/, '');
    t.is(httpSchema([name]).modules.get(name)?.name, name);
  });
}
