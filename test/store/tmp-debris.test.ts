/** What interrupted writes leave beside the data file (`<data file>.*.tmp`) is removed at start; nothing else is. */
import test from 'ava';
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { loadState, openStore, storeModule, tempDataFile } from './helpers.ts';

test('stale temporary files of the data file are removed at start, with a warning naming them', async (t) => {
  const file = tempDataFile();
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'kept' } });
  await s.store.close();
  const dir = dirname(file);
  const debris = ['data.json.4242.tmp', 'data.json.4242.17.tmp', 'data.json.journal.9.tmp'];
  const others = ['other.json.4242.tmp', 'data.jsonx.1.tmp', 'data.json.bak', 'notes.tmp'];
  for (const name of [...debris, ...others]) writeFileSync(join(dir, name), 'x'.repeat(1000));
  const loaded = loadState(file);
  t.deepEqual(loaded.state, { 'st-store:settings': { name: 'kept' } });
  for (const name of debris) t.false(existsSync(join(dir, name)), name);
  for (const name of others) t.true(existsSync(join(dir, name)), name);
  t.is(loaded.warnings.length, 1);
  for (const name of debris) t.true(loaded.warnings[0]?.includes(name), name);
  t.deepEqual(readdirSync(dir).sort(), ['data.json', ...others].sort());
});
