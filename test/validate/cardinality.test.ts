/** mandatory leaves, anydata and choices; min/max-elements; unique (vt-card, vt-top). */
import test from 'ava';
import fc from 'fast-check';
import { yanglintTest } from '../helpers/yanglint.ts';
import { brief, schemaOf, validate, yanglintAccepts } from './helpers.ts';

const card = schemaOf('vt-card');

const item = (id: number, extra: Record<string, unknown> = {}) => ({ id, ...extra });
const validBox = {
  label: 'b', blob: { anything: [1, 2] }, inner: { depth: 1 }, item: [item(1), item(2)], circle: 3,
};
const doc = (box: Record<string, unknown>) => ({ 'vt-card:box': box });

test('a complete box is valid', (t) => {
  t.deepEqual(validate(card, doc(validBox)), []);
});

test('an absent presence container enforces nothing below it', (t) => {
  t.deepEqual(validate(card, {}), []);
});

test('an empty presence container: every mandatory node, min-elements and the mandatory choice are reported', (t) => {
  const errors = validate(card, doc({}));
  t.deepEqual(brief(errors), [
    'data-missing - /vt-card:box/blob',
    'data-missing - /vt-card:box/inner/depth',
    'data-missing - /vt-card:box/label',
    'data-missing missing-choice /vt-card:box',
    'operation-failed too-few-elements /vt-card:box/item',
  ]);
  const choice = errors.find((e) => e.appTag === 'missing-choice');
  t.deepEqual(choice?.info, { 'missing-choice': 'shape' });
  t.is(errors.find((e) => e.path === '/vt-card:box/label')?.type, 'application');
});

test('config false mandatory nodes count only when validating all data', (t) => {
  t.deepEqual(validate(card, doc(validBox), 'config'), []);
  t.deepEqual(brief(validate(card, doc(validBox), 'all')), ['data-missing - /vt-card:box/status/state']);
  t.deepEqual(validate(card, doc({ ...validBox, status: { state: 'up' } }), 'all'), []);
});

test('max-elements of a list and of a leaf-list', (t) => {
  const errors = validate(card, doc({ ...validBox, item: [item(1), item(2), item(3), item(4)], tag: ['a', 'b', 'c'] }));
  t.deepEqual(brief(errors), [
    'operation-failed too-many-elements /vt-card:box/item',
    'operation-failed too-many-elements /vt-card:box/tag',
  ]);
  t.regex(errors[0]?.message ?? '', /4 entries, more than max-elements 3/);
});

test('unique: the later entry is reported, with the paths of the clashing leaves', (t) => {
  const errors = validate(card, doc({ ...validBox, item: [item(1, { code: 'x' }), item(2, { code: 'y' }), item(3, { code: 'x' })] }));
  t.deepEqual(brief(errors), ["operation-failed data-not-unique /vt-card:box/item[id='3']"]);
  t.deepEqual(errors[0]?.info, { 'non-unique': ["/vt-card:box/item[id='3']/code"] });
  t.regex(errors[0]?.message ?? '', /item\[id='1'\]/);
});

test('unique over several leaves counts defaults and skips entries where a leaf is missing', (t) => {
  const items = [item(1, { pos: { x: 1 } }), item(2, { pos: { x: 1, y: 0 } }), item(3, { pos: { y: 0 } })];
  const errors = validate(card, doc({ ...validBox, item: items }));
  t.deepEqual(brief(errors), ["operation-failed data-not-unique /vt-card:box/item[id='2']"]);
  t.deepEqual(errors[0]?.info, { 'non-unique': ["/vt-card:box/item[id='2']/pos/x", "/vt-card:box/item[id='2']/pos/y"] });
  t.deepEqual(validate(card, doc({ ...validBox, item: [item(1, { pos: { x: 1 } }), item(2, { pos: { x: 1, y: 5 } })] })), []);
});

test('a mandatory node in a case is required only when its case has data', (t) => {
  const { circle: _circle, ...noShape } = validBox;
  t.deepEqual(brief(validate(card, doc({ ...noShape, h: 2 }))), ['data-missing - /vt-card:box/w']);
  t.deepEqual(validate(card, doc({ ...noShape, w: 1, h: 2 })), []);
});

test('constraints in a non-presence container of a case, and min-elements in a case, follow the case', (t) => {
  t.deepEqual(brief(validate(card, doc({ ...validBox, a1: 'x' }))), ['data-missing - /vt-card:box/ac/deep']);
  t.deepEqual(brief(validate(card, doc({ ...validBox, b1: 'x' }))), ['operation-failed too-few-elements /vt-card:box/bl']);
  t.deepEqual(validate(card, doc({ ...validBox, b1: 'x', bl: [{ k: 'a' }] })), []);
});

test('several violations in one document are all reported', (t) => {
  const errors = validate(card, doc({
    blob: {}, inner: {}, item: [item(1, { code: 'x' }), item(2, { code: 'x' }), item(3), item(4)], tag: ['a', 'b', 'c'], h: 1,
  }));
  t.deepEqual(brief(errors), [
    'data-missing - /vt-card:box/inner/depth',
    'data-missing - /vt-card:box/label',
    'data-missing - /vt-card:box/w',
    "operation-failed data-not-unique /vt-card:box/item[id='2']",
    'operation-failed too-many-elements /vt-card:box/item',
    'operation-failed too-many-elements /vt-card:box/tag',
  ]);
});

test('the root always exists: top-level min-elements and mandatory leaves in absent containers', (t) => {
  const top = schemaOf('vt-top');
  t.deepEqual(brief(validate(top, {})), [
    'data-missing - /vt-top:settings/mode',
    'operation-failed too-few-elements /vt-top:server',
  ]);
  t.deepEqual(validate(top, { 'vt-top:server': [{ name: 'a' }], 'vt-top:settings': { mode: 'm' } }), []);
});

test('the modules option limits which trees are checked', (t) => {
  const both = schemaOf('vt-card', 'vt-top');
  t.is(validate(both, doc({})).length, 7);
  t.deepEqual(brief(validate(both, doc({}), 'config', new Set(['vt-top']))), [
    'data-missing - /vt-top:settings/mode',
    'operation-failed too-few-elements /vt-top:server',
  ]);
  t.is(validate(both, doc({}), 'config', new Set(['vt-card'])).length, 5);
});

test('property: unique reports exactly the entries whose code an earlier entry has', (t) => {
  fc.assert(fc.property(fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { minLength: 2, maxLength: 3 }), (codes) => {
    const items = codes.map((code, i) => item(i + 1, { code }));
    const expected = codes.flatMap((c, i) => (codes.indexOf(c) < i ? [`operation-failed data-not-unique /vt-card:box/item[id='${i + 1}']`] : []));
    t.deepEqual(brief(validate(card, doc({ ...validBox, item: items }))), expected.sort());
  }));
});

const oracleCases: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['complete', doc(validBox)],
  ['empty box', doc({})],
  ['too many', doc({ ...validBox, item: [item(1), item(2), item(3), item(4)] })],
  ['unique', doc({ ...validBox, item: [item(1, { code: 'x' }), item(2, { code: 'x' })] })],
  ['unique with default', doc({ ...validBox, item: [item(1, { pos: { x: 1 } }), item(2, { pos: { x: 1, y: 0 } })] })],
  ['case without its mandatory leaf', doc({ label: 'b', blob: {}, inner: { depth: 1 }, item: [item(1), item(2)], h: 1 })],
  ['np container in an active case', doc({ ...validBox, a1: 'x' })],
  ['min-elements in an active case', doc({ ...validBox, b1: 'x' })],
];
for (const [name, d] of oracleCases) {
  yanglintTest(`yanglint agrees: ${name}`, (t) => {
    t.is(validate(card, d).length === 0, yanglintAccepts(['vt-card'], d, 'config'));
  });
}
