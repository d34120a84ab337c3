/**
 * Snapshots written in the background while edits go on: nothing committed
 * during a compaction is lost, at the end or at any moment a crash could
 * have stopped it; one sync covers many concurrent edits (group commit).
 */
import test from 'ava';
import { JournalBackend } from '../../src/store/index.ts';
import type { DraftFile } from '../../src/store/snapshot-file.ts';
import { augModule, crashImage, loadState, openStore, storeModule, tempDataFile } from './helpers.ts';

interface Acked {
  readonly values: Map<string, number>;
  readonly entries: Set<number>;
  count: number;
}

const itemValues = (state: unknown): Map<string, number> =>
  new Map(((state as Record<string, { id: string; value: number }[] | undefined>)['st-store:item'] ?? []).map((e) => [e.id, e.value]));
const entryIds = (state: unknown): Set<number> =>
  new Set(((state as Record<string, { id: number }[] | undefined>)['st-store:entry'] ?? []).map((e) => e.id));
const otherCount = (state: unknown): number => (state as Record<string, { count?: number } | undefined>)['st-aug:other']?.count ?? 0;

/** Every edit acknowledged in `acked` is in `state` (item values only grow, entries are only added). */
const holdsAll = (state: unknown, acked: Acked): string[] => {
  const values = itemValues(state);
  const ids = entryIds(state);
  const missing: string[] = [];
  for (const [id, v] of acked.values) if ((values.get(id) ?? 0) < v) missing.push(`${id}=${v} (found ${values.get(id)})`);
  for (const id of acked.entries) if (!ids.has(id)) missing.push(`entry ${id}`);
  if (otherCount(state) < acked.count) missing.push(`other/count ${acked.count}`);
  return missing;
};

test('compaction during concurrent edits loses nothing, at the end or at any moment of a crash', async (t) => {
  const file = tempDataFile();
  const s = openStore(file, { compactBytes: 2048 });
  await s.edit(storeModule, { settings: { name: 'base' } });
  const acked: Acked = { values: new Map(), entries: new Set(), count: 0 };
  const images: { file: string; acked: Acked }[] = [];
  let running = true;
  const imager = (async () => {
    while (running && images.length < 25) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      images.push({ file: crashImage(file), acked: { values: new Map(acked.values), entries: new Set(acked.entries), count: acked.count } });
    }
  })();
  const clients = Array.from({ length: 16 }, async (_, c) => {
    for (let i = 1; i <= 40; i++) {
      await s.edit(storeModule, { item: [{ id: `c${c}`, value: i }], entry: [{ id: c * 1000 + i, v: `e${i}` }] });
      acked.values.set(`c${c}`, i);
      acked.entries.add(c * 1000 + i);
    }
  });
  const other = (async () => {
    for (let i = 1; i <= 100; i++) {
      await s.edit(augModule, { other: { count: i } });
      acked.count = i;
    }
  })();
  await Promise.all([...clients, other]);
  running = false;
  await imager;

  t.true(s.backend().snapshots >= 5, `${s.backend().snapshots} snapshots`);
  const end = loadState(crashImage(file));
  t.deepEqual(end.state, s.state());
  t.deepEqual(holdsAll(end.state, acked), []);
  t.true(images.length >= 5, `${images.length} crash images`);
  t.log(`${images.length} crash images, ${s.backend().snapshots} snapshots`);
  for (const image of images) {
    const loaded = loadState(image.file);
    t.deepEqual(holdsAll(loaded.state, image.acked), [], image.file);
  }
  await s.store.close();
  t.deepEqual(loadState(file).state, s.state());
});

test('one durable write covers the edits committed while the previous one ran (group commit)', async (t) => {
  const s = openStore(tempDataFile());
  await s.edit(storeModule, { settings: { name: 'base' } });
  const before = s.backend().writes;
  await Promise.all(Array.from({ length: 200 }, (_, i) => (i % 2 === 0
    ? s.edit(storeModule, { item: [{ id: `g${i}`, value: i }] })
    : s.edit(augModule, { other: { count: i } }))));
  const writes = s.backend().writes - before;
  t.true(writes > 0 && writes < 100, `${writes} durable writes for 200 edits`);
  t.deepEqual(loadState(crashImage(s.backend().file)).state, s.state());
});

interface Gate {
  readonly promise: Promise<void>;
  readonly resolve: () => void;
  readonly reject: (e: Error) => void;
}

const gate = (): Gate => {
  let resolve: () => void = () => undefined;
  let reject: (e: Error) => void = () => undefined;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
};

/** Snapshots wait for `open()` before being written (or fail with `fail()`); `hold()` holds the next ones. */
class HeldSnapshots extends JournalBackend {
  private gate = gate();
  held = 0;

  protected override async writeSnapshot(data: DraftFile): Promise<void> {
    this.held += 1;
    await this.gate.promise;
    return super.writeSnapshot(data);
  }

  hold(): void {
    this.gate = gate();
  }

  open(): void {
    this.gate.resolve();
  }

  fail(): void {
    this.gate.reject(new Error('no space left on device'));
  }
}

const settle = async (): Promise<void> => {
  for (let i = 0; i < 20; i++) await new Promise((resolve) => setTimeout(resolve, 2));
};

test('edits acknowledged while a snapshot is being written are recovered from the journal it continues', async (t) => {
  const file = tempDataFile();
  const s = openStore(file, {}, HeldSnapshots);
  const backend = s.backend() as HeldSnapshots;
  backend.open(); // the run's first snapshot goes through
  await s.edit(storeModule, { settings: { name: 'base' } });
  for (let i = 1; i <= 5; i++) await s.edit(storeModule, { item: [{ id: `before${i}`, value: i }] });
  backend.hold();
  const compacting = s.store.compact();
  for (let i = 1; i <= 5; i++) await s.edit(storeModule, { item: [{ id: `during${i}`, value: i }] });
  t.is(backend.held, 2);
  const image = loadState(crashImage(file)); // the old data file, its journal, and the new segment
  t.deepEqual(image.state, s.state());
  t.is(image.replayed, 10);
  backend.open();
  await compacting;
  await s.edit(storeModule, { item: [{ id: 'after', value: 1 }] });
  const later = loadState(crashImage(file));
  t.deepEqual(later.state, s.state());
  t.is(later.replayed, 6); // the snapshot holds the first ten
});

test('when a snapshot cannot be written, edits go on in the journal and nothing is lost', async (t) => {
  const file = tempDataFile();
  const s = openStore(file, { compactBytes: 1024 }, HeldSnapshots);
  const backend = s.backend() as HeldSnapshots;
  backend.open();
  await s.edit(storeModule, { settings: { name: 'base' } });
  backend.hold();
  for (let i = 1; i <= 20; i++) await s.edit(storeModule, { item: [{ id: `i${i}`, value: i }] });
  t.is(backend.held, 2);
  backend.fail();
  for (let i = 21; i <= 40; i++) await s.edit(storeModule, { item: [{ id: `i${i}`, value: i }] });
  t.is(backend.held, 2); // no more attempts in this run
  t.deepEqual(loadState(crashImage(file)).state, s.state());
});

test('edits made while the first snapshot of a run is unwritten wait for it, and a crash then drops only them', async (t) => {
  const file = tempDataFile();
  const first = openStore(file);
  await first.edit(storeModule, { settings: { name: 'stored' } });
  await first.store.close();

  const s = openStore(file, {}, HeldSnapshots);
  const backend = s.backend() as HeldSnapshots;
  let acknowledged = 0;
  const edits = [
    s.edit(storeModule, { settings: { name: 'first of the run' } }).then(() => acknowledged++),
    s.edit(augModule, { other: { count: 1 } }).then(() => acknowledged++),
  ];
  await settle();
  t.is(backend.held, 1);
  t.is(acknowledged, 0);
  t.deepEqual(loadState(crashImage(file)).state, { 'st-store:settings': { name: 'stored' } });
  backend.open();
  await Promise.all(edits);
  t.is(acknowledged, 2);
  t.deepEqual(loadState(crashImage(file)).state, s.state());
});
