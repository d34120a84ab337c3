/**
 * A leafref path written in another module's grouping: its unprefixed names
 * are in the module that uses the grouping (RFC 7950 §6.4.1), as in
 * OpenConfig's `leaf name { type leafref { path "../config/name"; } }`.
 */
import test from 'ava';
import { yanglintTest } from '../helpers/yanglint.ts';
import { brief, schemaOf, validate, yanglintAccepts } from './helpers.ts';

const schema = schemaOf('vt-user');
const entries = (...e: Record<string, unknown>[]) => ({ 'vt-user:entries': { entry: e } });
const cases: ReadonlyArray<readonly [string, Record<string, unknown>, readonly string[]]> = [
  ['key equal to config/name', entries({ name: 'a', config: { name: 'a' } }, { name: 'b', config: { name: 'b', peer: 'a' } }), []],
  ['key different from config/name', entries({ name: 'a', config: { name: 'x' } }),
    ["data-missing instance-required /vt-user:entries/entry[name='a']/name"]],
  ['peer naming no entry', entries({ name: 'a', config: { name: 'a', peer: 'q' } }),
    ["data-missing instance-required /vt-user:entries/entry[name='a']/config/peer"]],
];

for (const [name, doc, expected] of cases) {
  test(`grouping leafref: ${name}`, (t) => {
    t.deepEqual(brief(validate(schema, doc)), expected);
  });
  yanglintTest(`yanglint agrees: ${name}`, (t) => {
    t.is(expected.length === 0, yanglintAccepts(['vt-user'], doc, 'config'));
  });
}
