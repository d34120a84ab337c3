/** A crash mid-append leaves a torn record at the end of the journal: detected, dropped with a warning, never half applied. */
import test from 'ava';
import { readFileSync, truncateSync, writeFileSync } from 'node:fs';
import { crashImage, loadState, openStore, storeModule, tempDataFile } from './helpers.ts';

/** Ten edits, each a record; the states after each, and a crash image of the end. */
const tenEdits = async () => {
  const file = tempDataFile();
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'base' } }); // the first commit of a run is a snapshot, not a record
  const states: unknown[] = [s.state()];
  for (let i = 0; i < 10; i++) {
    await s.edit(storeModule, { item: [{ id: `i${i}`, value: i }], settings: { tags: [`t${i}`] } });
    states.push(s.state());
  }
  const image = crashImage(file);
  const journal = `${image}.journal`;
  const bytes = readFileSync(journal);
  const end = bytes.indexOf(0);
  const lines: number[] = []; // offset of each line's start
  for (let at = 0; at < end; at = bytes.indexOf(10, at) + 1) lines.push(at);
  return { image, journal, bytes, end, lines, states };
};

test('a partial last record (no end of line) is dropped with a warning', async (t) => {
  const { image, journal, lines, states } = await tenEdits();
  t.is(lines.length, 11); // header + 10 records
  truncateSync(journal, (lines[10] as number) + 25);
  const loaded = loadState(image);
  t.deepEqual(loaded.state, states[9]);
  t.is(loaded.replayed, 9);
  t.is(loaded.warnings.length, 1);
  t.regex(loaded.warnings[0] ?? '', /torn tail \(a partial record/);
});

test('a record whose checksum does not match ends the journal there, whatever follows', async (t) => {
  const { image, journal, bytes, lines, states } = await tenEdits();
  const garbled = Buffer.from(bytes);
  const at = (lines[7] as number) + 20;
  garbled[at] = (garbled[at] as number) ^ 0x20;
  writeFileSync(journal, garbled);
  const loaded = loadState(image);
  t.deepEqual(loaded.state, states[6]);
  t.is(loaded.replayed, 6);
  t.regex(loaded.warnings.join('\n'), /bad checksum/);
});

test('a torn tail over the zeros of a preallocated segment, and garbage after the end, are dropped', async (t) => {
  const { image, journal, bytes, end, states } = await tenEdits();
  const dirty = Buffer.from(bytes);
  dirty.write('0badc0de {"m":"st-store","o":[["w",["settings","na', end, 'utf8');
  writeFileSync(journal, dirty);
  const loaded = loadState(image);
  t.deepEqual(loaded.state, states[10]);
  t.regex(loaded.warnings.join('\n'), /torn tail/);
});

test('after dropping a torn tail the start is clean: the next run appends after a fresh snapshot', async (t) => {
  const { image, journal, lines, states } = await tenEdits();
  truncateSync(journal, (lines[10] as number) + 3);
  const s = openStore(image);
  t.deepEqual(s.state(), states[9]);
  await s.edit(storeModule, { settings: { name: 'after' } });
  await s.edit(storeModule, { settings: { name: 'after again' } });
  const again = loadState(crashImage(image));
  t.deepEqual(again.warnings, []);
  t.deepEqual(again.state, s.state());
});
