/**
 * `rxconf tree MODULE` prints the module named (its nodes, its augments of
 * other modules), not the modules it imports or augments, with each other
 * module's names under one prefix (the import's, else the module's own).
 */
import test from 'ava';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { treeCommand } from '../../src/cli/tree-command.ts';

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
