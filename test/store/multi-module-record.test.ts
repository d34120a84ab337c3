/**
 * A transaction that changes several modules is one journal record: replayed
 * whole after a crash, or, torn, not at all (never one module without the
 * other).
 */
import test from 'ava';
import { readFileSync, truncateSync } from 'node:fs';
import { augModule, crashImage, loadState, openStore, storeModule, tempDataFile } from './helpers.ts';

const twoModules = async () => {
  const file = tempDataFile();
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'base' } }); // the first commit of a run is a snapshot, not a record
  const before = s.state();
  await s.editAll([[storeModule, { settings: { name: 'both' } }], [augModule, { other: { count: 7 } }]]);
  const after = s.state();
  const image = crashImage(file);
  const journal = `${image}.journal`;
  const bytes = readFileSync(journal);
  const end = bytes.indexOf(0);
  const lines: number[] = [];
  for (let at = 0; at < end; at = bytes.indexOf(10, at) + 1) lines.push(at);
  return { image, journal, bytes, lines, before, after, close: () => s.store.close() };
};

test('the changes of both modules are one record, replayed together', async (t) => {
  const { image, bytes, lines, before, after, close } = await twoModules();
  t.notDeepEqual(before, after);
  t.is(lines.length, 2); // header + one record for the transaction
  const record = bytes.toString('utf8', lines[1], bytes.indexOf(10, lines[1]));
  t.regex(record, /^[0-9a-f]{8} \{"t":\[\{"m":"st-/);
  t.true(record.includes('{"m":"st-store"') && record.includes('{"m":"st-aug"'));
  const loaded = loadState(image);
  t.deepEqual(loaded.state, after);
  t.is(loaded.replayed, 1);
  t.deepEqual(loaded.warnings, []);
  await close();
});

test('a torn transaction record changes neither module', async (t) => {
  const { image, journal, bytes, lines, before, close } = await twoModules();
  // cut the record after its first module's part: that module's change is whole in it, the other's is not
  const record = bytes.toString('utf8', lines[1], bytes.indexOf(10, lines[1]));
  truncateSync(journal, (lines[1] as number) + Buffer.byteLength(record.slice(0, record.indexOf('},{"m":') + 1)));
  const loaded = loadState(image);
  t.deepEqual(loaded.state, before);
  t.is(loaded.replayed, 0);
  t.regex(loaded.warnings.join('\n'), /torn tail/);
  await close();
});
