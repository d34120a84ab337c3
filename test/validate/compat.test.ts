/** libyang compatibility: identities named without a prefix in XPath comparisons (vt-compat). */
import test from 'ava';
import { yanglintTest } from '../helpers/yanglint.ts';
import { brief, schemaOf, validate, yanglintAccepts } from './helpers.ts';

const schema = schemaOf('vt-compat');
const figures = (...f: Record<string, unknown>[]) => ({ 'vt-compat:figure': f });
const cases: ReadonlyArray<readonly [string, Record<string, unknown>, readonly string[]]> = [
  ['= matches the identity', figures({ id: 1, kind: 'vt-compat:circle', radius: 2 }), []],
  ['!= excludes the identity', figures({ id: 1, kind: 'vt-compat:square', side: 2 }), []],
  ['= does not match another identity', figures({ id: 1, kind: 'vt-compat:square', radius: 2 }),
    ["unknown-element - /vt-compat:figure[id='1']/radius"]],
  ['!= is false for the identity', figures({ id: 1, kind: 'vt-compat:circle', side: 2 }),
    ["unknown-element - /vt-compat:figure[id='1']/side"]],
];

for (const [name, doc, expected] of cases) {
  test(`bare identity literal: ${name}`, (t) => {
    t.deepEqual(brief(validate(schema, doc)), expected);
  });
  yanglintTest(`yanglint agrees: ${name}`, (t) => {
    t.is(expected.length === 0, yanglintAccepts(['vt-compat'], doc, 'config'));
  });
}
