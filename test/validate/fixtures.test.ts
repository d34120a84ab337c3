import test from 'ava';
import { readdirSync } from 'node:fs';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';
import { fixtureDir, fixtureFile } from './helpers.ts';

const modules = readdirSync(fixtureDir).filter((f) => f.endsWith('.yang')).map((f) => f.slice(0, -5)).sort();

test('the fixture set is the one the tests use', (t) => {
  t.deepEqual(modules, ['vc-edits', 'vt-base', 'vt-bench', 'vt-card', 'vt-compat', 'vt-ext', 'vt-lib', 'vt-ops', 'vt-plain', 'vt-plain-ext', 'vt-top', 'vt-user', 'vt-xpath']);
});

/** vt-compat exists to exercise what libyang accepts with a warning: identities without a prefix in XPath. */
const warns: Readonly<Record<string, RegExp>> = { 'vt-compat': /comparison with identity "circle" without prefix/ };

for (const m of modules) {
  yanglintTest(`yanglint accepts fixture ${m}${warns[m] === undefined ? ' without warnings' : ''}`, (t) => {
    const r = yanglint(['-p', fixtureDir, fixtureFile(m)]);
    t.true(r.ok, r.output);
    const expected = warns[m];
    if (expected === undefined) t.is(r.output.trim(), '');
    else t.regex(r.output, expected);
  });

  test(`the compiler accepts fixture ${m}`, (t) => {
    const r = compileSchema({ searchPath: [fixtureDir], modules: [{ file: fixtureFile(m) }] });
    t.true(r.ok, r.diagnostics.map((d) => d.message).join('\n'));
  });
}
