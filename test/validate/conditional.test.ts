/** when on uses, augment (context: the data parent), choice and case (vt-base, vt-ext). */
import test from 'ava';
import { yanglintTest } from '../helpers/yanglint.ts';
import { brief, schemaOf, validate, yanglintAccepts } from './helpers.ts';

const schema = schemaOf('vt-base', 'vt-ext');
const device = (d: Record<string, unknown>) => ({ 'vt-base:device': d });

test('uses with when: its mandatory leaf is required only while the condition holds', (t) => {
  t.deepEqual(brief(validate(schema, device({ type: 'wifi' }))), ['data-missing - /vt-base:device/radio/channel']);
  t.deepEqual(validate(schema, device({ type: 'wifi', radio: { channel: 6 } })), []);
  t.deepEqual(validate(schema, device({ type: 'wired' })), []);
  t.deepEqual(validate(schema, {}), [], 'no type at all: the condition is false');
});

test('uses with when: its nodes must not exist while the condition is false', (t) => {
  t.deepEqual(brief(validate(schema, device({ type: 'wired', radio: { ssid: 'x', channel: 1 } }))), [
    'unknown-element - /vt-base:device/radio/channel',
    'unknown-element - /vt-base:device/radio/ssid',
  ]);
});

test('augment with when: the context is the augmented list entry', (t) => {
  const port = (id: number, speed: number, extra: Record<string, unknown> = {}) => ({ id, speed, ...extra });
  const ports = (...p: unknown[]) => device({ ports: { port: p } });
  t.deepEqual(validate(schema, ports(port(1, 1000, { 'vt-ext:fec': true }))), []);
  const errors = validate(schema, ports(port(1, 100, { 'vt-ext:fec': true }), port(2, 10000, { 'vt-ext:fec': false })));
  t.deepEqual(brief(errors), ["unknown-element - /vt-base:device/ports/port[id='1']/vt-ext:fec"]);
  t.regex(errors[0]?.message ?? '', /vbase:speed >= 1000/);
});

test('when on a choice and on a case: the context is the closest data node', (t) => {
  t.deepEqual(validate(schema, device({ type: 'desk', volts: 230 })), []);
  t.deepEqual(brief(validate(schema, device({ type: 'passive', volts: 230 }))), ['unknown-element - /vt-base:device/volts']);
  t.deepEqual(validate(schema, device({ type: 'portable', cells: 4 })), []);
  t.deepEqual(brief(validate(schema, device({ type: 'desk', cells: 4 }))), ['unknown-element - /vt-base:device/cells']);
});

const oracleCases: ReadonlyArray<readonly [string, Record<string, unknown>]> = [
  ['wifi without channel', device({ type: 'wifi' })],
  ['wifi with channel', device({ type: 'wifi', radio: { channel: 6 } })],
  ['radio on wired', device({ type: 'wired', radio: { ssid: 'x' } })],
  ['augment when false', device({ ports: { port: [{ id: 1, speed: 100, 'vt-ext:fec': true }] } })],
  ['augment when true', device({ ports: { port: [{ id: 1, speed: 1000, 'vt-ext:fec': true }] } })],
  ['choice when false', device({ type: 'passive', volts: 230 })],
  ['case when false', device({ type: 'desk', cells: 4 })],
  ['case when true', device({ type: 'portable', cells: 4 })],
];
for (const [name, d] of oracleCases) {
  yanglintTest(`yanglint agrees: ${name}`, (t) => {
    t.is(validate(schema, d).length === 0, yanglintAccepts(['vt-base', 'vt-ext'], d, 'config'));
  });
}
