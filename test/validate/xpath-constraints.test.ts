/** must, when, leafref and instance-identifier, and the YANG functions they use (vt-xpath). */
import test from 'ava';
import { yanglintTest } from '../helpers/yanglint.ts';
import { validateTree } from '../../src/validate/index.ts';
import { brief, datastore, schemaOf, validate, yanglintAccepts } from './helpers.ts';

const schema = schemaOf('vt-xpath');
const pens = [
  { name: 'a', kind: 'vt-xpath:cat', size: 'small', capacity: 20 },
  { name: 'b', kind: 'vt-xpath:bird', size: 'large', capacity: 5 },
];
const zoo = (extra: Record<string, unknown> = {}, pen: readonly Record<string, unknown>[] = pens) =>
  ({ 'vt-xpath:zoo': { pen, ...extra } });
const P = '/vt-xpath:zoo';

test('a document that meets every constraint is valid', (t) => {
  t.deepEqual(validate(schema, zoo({
    keeper: [{ id: 'k', pen: 'a', 'pen-size': 'small', favourite: "/vt-xpath:zoo/pen[name='b']", 'maybe-pen': 'zz' }],
    feeds: ['a', 'b'],
  })), []);
});

test('must with error-message and error-app-tag', (t) => {
  const errors = validate(schema, zoo({}, [{ name: 'a', capacity: 150 }]));
  t.deepEqual(brief(errors), [`operation-failed capacity-too-big ${P}/pen[name='a']/capacity`]);
  t.is(errors[0]?.message, 'capacity above 100');
});

test('must without error-app-tag: must-violation; deref() follows the leafref', (t) => {
  const errors = validate(schema, zoo({ keeper: [{ id: 'k1', pen: 'b' }, { id: 'k2', pen: 'a' }] }));
  t.deepEqual(brief(errors), [`operation-failed must-violation ${P}/keeper[id='k1']`]);
  t.is(errors[0]?.message, "the keeper's pen is too small");
});

test('when with derived-from-or-self: the node must not exist when false', (t) => {
  t.deepEqual(validate(schema, zoo({}, [{ name: 'a', kind: 'vt-xpath:cat', 'fur-color': 'grey' }])), [], 'cat derives from mammal');
  t.deepEqual(validate(schema, zoo({}, [{ name: 'a', kind: 'vt-xpath:mammal', 'fur-color': 'grey' }])), [], 'or self');
  const errors = validate(schema, zoo({}, [{ name: 'a', kind: 'vt-xpath:bird', 'fur-color': 'grey' }]));
  t.deepEqual(brief(errors), [`unknown-element - ${P}/pen[name='a']/fur-color`]);
  t.deepEqual(errors[0]?.info, { 'bad-element': 'fur-color' });
  t.regex(errors[0]?.message ?? '', /when condition .*derived-from-or-self.* is false/);
});

test('when with derived-from (not self) and an identity literal compared with a prefix', (t) => {
  t.deepEqual(validate(schema, zoo({}, [{ name: 'a', kind: 'vt-xpath:bird', 'wing-span': 30 }])), []);
  t.deepEqual(brief(validate(schema, zoo({}, [{ name: 'a', kind: 'vt-xpath:cat', 'wing-span': 30 }]))),
    [`unknown-element - ${P}/pen[name='a']/wing-span`]);
});

test('when with enum-value(), on a container', (t) => {
  t.deepEqual(validate(schema, zoo({}, [{ name: 'a', size: 'large', 'large-only': { note: 'x' } }])), []);
  t.deepEqual(brief(validate(schema, zoo({}, [{ name: 'a', size: 'small', 'large-only': { note: 'x' } }]))),
    [`unknown-element - ${P}/pen[name='a']/large-only`]);
});

test('leafref: a value without its instance is instance-required, on leaves and leaf-list entries', (t) => {
  const errors = validate(schema, zoo({ keeper: [{ id: 'k', pen: 'nope' }], feeds: ['a', 'zz'] }));
  t.deepEqual(brief(errors), [
    `data-missing instance-required ${P}/feeds[.='zz']`,
    `data-missing instance-required ${P}/keeper[id='k']/pen`,
    `operation-failed must-violation ${P}/keeper[id='k']`, // deref() of a dangling leafref is empty
  ]);
  t.regex(errors.find((e) => e.path?.endsWith('/pen'))?.message ?? '', /"nope"/);
});

test('leafref with a predicate on current(): only the pen the keeper names counts', (t) => {
  t.deepEqual(validate(schema, zoo({ keeper: [{ id: 'k', pen: 'a', 'pen-size': 'small' }] })), []);
  t.deepEqual(brief(validate(schema, zoo({ keeper: [{ id: 'k', pen: 'a', 'pen-size': 'large' }] }))),
    [`data-missing instance-required ${P}/keeper[id='k']/pen-size`], 'pen b is large, but the keeper is at pen a');
});

test('leafref with require-instance false is not checked', (t) => {
  t.deepEqual(validate(schema, zoo({ keeper: [{ id: 'k', 'maybe-pen': 'nowhere' }] })), []);
});

test('instance-identifier requires its instance', (t) => {
  t.deepEqual(validate(schema, zoo({ keeper: [{ id: 'k', favourite: "/vt-xpath:zoo/pen[name='a']/capacity" }] })), []);
  t.deepEqual(brief(validate(schema, zoo({ keeper: [{ id: 'k', favourite: "/vt-xpath:zoo/pen[name='x']" }] }))),
    [`data-missing instance-required ${P}/keeper[id='k']/favourite`]);
  t.deepEqual(brief(validate(schema, zoo({ keeper: [{ id: 'k', favourite: "/vt-xpath:zoo/pen[name='b']/fur-color" }] }))),
    [`data-missing instance-required ${P}/keeper[id='k']/favourite`], 'the entry exists, the leaf does not');
});

test('all violations of one document are reported', (t) => {
  const errors = validate(schema, zoo({ keeper: [{ id: 'k', pen: 'b', 'pen-size': 'small' }], feeds: ['q'] }, [
    { name: 'a', kind: 'vt-xpath:bird', 'fur-color': 'x', capacity: 101 },
    { name: 'b', size: 'large', capacity: 5 },
  ]));
  t.deepEqual(brief(errors), [
    `data-missing instance-required ${P}/feeds[.='q']`,
    `data-missing instance-required ${P}/keeper[id='k']/pen-size`,
    `operation-failed capacity-too-big ${P}/pen[name='a']/capacity`,
    `operation-failed must-violation ${P}/keeper[id='k']`,
    `unknown-element - ${P}/pen[name='a']/fur-color`,
  ]);
});

test('config: state data is neither checked nor seen; all: it is both', (t) => {
  const d = { ...zoo(), 'vt-xpath:limits': { 'max-pens': 1, 'max-tops': 2 }, 'vt-xpath:stats': { pens: 2, busiest: 'zz' } };
  t.deepEqual(brief(validate(schema, d, 'all')), [
    'data-missing instance-required /vt-xpath:stats/busiest',
    'operation-failed must-violation /vt-xpath:limits/max-tops',
    'operation-failed must-violation /vt-xpath:stats/pens',
  ]);
  // As configuration, stats does not exist: count(/*) is 2 (zoo and limits, both implicit or not).
  const { 'vt-xpath:stats': _stats, ...configOnly } = d;
  t.deepEqual(validate(schema, configOnly, 'config'), []);
  // The same tree, decoded with its state data, validated as configuration: the state is ignored.
  t.deepEqual(validateTree(datastore(schema, d, 'all'), { content: 'config', schema }), []);
});

const oracleCases: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['valid', zoo({ keeper: [{ id: 'k', pen: 'a', 'pen-size': 'small' }], feeds: ['a'] })],
  ['must', zoo({}, [{ name: 'a', capacity: 150 }])],
  ['deref must', zoo({ keeper: [{ id: 'k1', pen: 'b' }] })],
  ['when derived-from-or-self', zoo({}, [{ name: 'a', kind: 'vt-xpath:bird', 'fur-color': 'grey' }])],
  ['when enum-value', zoo({}, [{ name: 'a', size: 'small', 'large-only': { note: 'x' } }])],
  ['leafref predicate', zoo({ keeper: [{ id: 'k', pen: 'a', 'pen-size': 'large' }] })],
  ['leafref leaf-list', zoo({ feeds: ['zz'] })],
  ['instance-identifier', zoo({ keeper: [{ id: 'k', favourite: "/vt-xpath:zoo/pen[name='x']" }] })],
];
for (const [name, d] of oracleCases) {
  yanglintTest(`yanglint agrees: ${name}`, (t) => {
    t.is(validate(schema, d).length === 0, yanglintAccepts(['vt-xpath'], d, 'config'));
  });
}

yanglintTest('yanglint agrees: state data checked with -t data, absent with -t config', (t) => {
  const limits = { 'vt-xpath:limits': { 'max-pens': 1, 'max-tops': 3 } };
  const full = { ...zoo(), ...limits, 'vt-xpath:stats': { pens: 2 } };
  t.false(yanglintAccepts(['vt-xpath'], full, 'data'));
  t.is(validate(schema, full, 'all').length, 1);
  t.true(yanglintAccepts(['vt-xpath'], { ...zoo(), ...limits }, 'config'));
  t.is(validate(schema, { ...zoo(), ...limits }, 'config').length, 0);
});
