/**
 * `rxconf tree MODULE` prints the module named (its nodes, its augments of
 * other modules), not the modules it imports or augments, with each other
 * module's names under one prefix (the import's, else the module's own).
 */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeCommand } from '../../src/cli/tree-command.ts';
import { yanglint, yanglintTest } from '../helpers/yanglint.ts';

const yang = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'yang');

test('tree of ietf-ip: its augments of ietf-interfaces, not ietf-interfaces itself; prefixes as imported', (t) => {
  let text = '';
  const errors: string[] = [];
  const code = treeCommand({ path: [yang], features: [], modules: ['ietf-ip'] }, (s) => (text += s), (l) => errors.push(l));
  t.is(code, 0, errors.join('\n'));
  t.true(text.startsWith('module: ietf-ip\n'));
  t.false(text.includes('module: ietf-interfaces'));
  t.regex(text, /augment \/if:interfaces\/if:interface:/);
  t.regex(text, /\+--rw ip +inet:ipv4-address-no-zone/);
  t.false(text.includes('ietf-inet-types:'));
  t.false(text.includes('ietf-ip:'), 'its own nodes carry no prefix');
});

test('a node guarded by if-feature carries {feature}? after it, as RFC 8340 and yanglint print it', (t) => {
  let text = '';
  const code = treeCommand({ path: [yang], features: [], modules: ['ietf-ip'] }, (s) => (text += s), () => undefined);
  t.is(code, 0);
  t.regex(text, /\+--rw netmask\? +yang:dotted-quad \{ipv4-non-contiguous-netmasks\}\?\n/);
  t.notRegex(text, /\+--rw prefix-length\? +uint8 \{/, 'an unguarded node has none');
});

yanglintTest('tree of ietf-interfaces is line for line what yanglint -f tree prints, {if-mib}? markers included', (t) => {
  let text = '';
  const file = join(yang, 'ietf-interfaces@2018-02-20.yang');
  const code = treeCommand({ path: [yang], features: [], modules: [file] }, (s) => (text += s), () => undefined);
  t.is(code, 0);
  const theirs = yanglint(['-f', 'tree', file]);
  t.true(theirs.ok, theirs.output);
  t.true(text.includes('{if-mib}?'));
  t.is(text, theirs.output);
});
