/**
 * A container's values count their changes (DataValues.revision), by
 * whatever writer makes them: the container's own methods, the Map written
 * directly, a clear, an undo; reads and copies change nothing.
 */
import test from 'ava';
import { DataContainer } from '../../src/data/data-container.ts';
import { UndoLog } from '../../src/data/undo-log.ts';
import type { ContainerMeta, LeafMeta } from '../../src/meta/meta.ts';
import { loadFixture, metaAt } from '../helpers/runtime.ts';

const { module } = loadFixture('runtime', 'rt-reads.yang');
const settings = metaAt(module, 'settings') as ContainerMeta;
const name = metaAt(module, 'settings/name') as LeafMeta;
const note = metaAt(module, 'settings/note') as LeafMeta;

test('every change of a container\'s values, by any writer, moves its revision on', (t) => {
  const c = new DataContainer(settings);
  const changes: Array<[string, () => void]> = [
    ['set', () => c.set(name, 'a')],
    ['set to the same value', () => c.set(name, 'a')],
    ['the Map set directly', () => c.values.set(note, 'n')],
    ['delete', () => c.delete(note)],
    ['delete of what is not there', () => c.delete(note)],
    ['the Map deleted from directly', () => c.values.delete(name)],
    ['the Map cleared', () => c.values.clear()],
  ];
  for (const [what, change] of changes) {
    const before = c.values.revision;
    change();
    t.true(c.values.revision > before, what);
  }
});

test('an undo moves the revision of each container it puts back', (t) => {
  const c = new DataContainer(settings).set(name, 'before');
  const log = new UndoLog();
  log.setting(c, name);
  c.set(name, 'after');
  const after = c.values.revision;
  log.undo();
  t.is(c.get(name), 'before');
  t.true(c.values.revision > after);
});

test('reads and copies leave the revision as it is', (t) => {
  const c = new DataContainer(settings).set(name, 'a').set(note, 'b');
  const at = c.values.revision;
  c.get(name);
  [...c.values];
  t.is(c.size, 2);
  const copy = c.clone();
  t.is(c.values.revision, at);
  t.deepEqual([...copy.values], [...c.values]);
});
