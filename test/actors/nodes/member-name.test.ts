/** reflect's property names: plain YANG names, qualified only where an augment reuses a sibling's name. */
import test from 'ava';
import { memberName } from '../../../src/actors/nodes/member-name.ts';
import { camelCase, findProperty, setProperty } from '../../../src/actors/nodes/object-property.ts';
import type { ContainerMeta, DataNodeMeta } from '../../../src/meta/meta.ts';
import { dxSchema, moduleOf, nodeAt } from '../../data/json/fixtures.ts';

const schema = dxSchema();
const top = nodeAt(moduleOf(schema, 'dx-data'), 'top') as ContainerMeta;
const named = (module: string, name: string): DataNodeMeta => {
  const found = top.children.find((c) => c.name === name && c.module.name === module);
  if (found === undefined || found.kind === 'choice') throw new Error(name);
  return found;
};

test('an augmented node reusing a sibling name is module:name; everything else keeps its name', (t) => {
  t.is(memberName(named('dx-data', 'flag')), 'flag');
  t.is(memberName(named('dx-augment', 'flag')), 'dx-augment:flag');
  t.is(memberName(named('dx-augment', 'extra')), 'extra');
});

test('camelCase, and names Object.prototype also has are ordinary properties', (t) => {
  t.is(camelCase('host-name'), 'hostName');
  t.is(camelCase('a.b-c'), 'aBC');
  const o = {};
  t.is(findProperty(o, 'constructor'), undefined);
  t.is(findProperty(o, '__proto__'), undefined);
  setProperty(o, '__proto__', 5);
  t.is(Object.getPrototypeOf(o), Object.prototype);
  t.is(findProperty(o, '__proto__'), '__proto__');
  t.deepEqual(Object.getOwnPropertyDescriptor(o, '__proto__')?.value, 5);
});
