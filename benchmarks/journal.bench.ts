/**
 * Durable edits on the embedded datastore's journal (src/store), through
 * the transaction runtime (commitEdit) without HTTP. Disks are shared and
 * their sync latency drifts, so contenders run in interleaved slices
 * (A B C A B C ...) and every figure is the median over slices of its ratio
 * to the baseline measured in the same round.
 *
 * - 1 client: sequential one-leaf edits acknowledged once durable, against
 *   the raw rate of a 200-byte write + fdatasync on the same disk;
 * - 50 clients on one module: commitEdit's mailbox takes the next edit
 *   while the previous one is synced (group commit), with syncs per edit;
 * - a single-entry edit in a module holding 100 or 100,000 entries (same
 *   module), durable and with syncs off (the CPU cost alone), and the
 *   whole-file rewrite per edit it replaces;
 * - the snapshot pause at 100,000 entries (encoding on the event loop;
 *   writing is in the background) and a start replaying 10,000 records;
 * - the storage alone, same 150-byte record, same guarantee (acknowledged
 *   once on disk): the journal (segment + group commit) and, when
 *   RXCONF_COMPARE_MODULES names a folder whose node_modules holds them
 *   (they are not dependencies of rxconf), LMDB (`lmdb`, overlappingSync
 *   off: a commit resolves once synced; puts of one turn share a commit) and
 *   SQLite (`better-sqlite3`, WAL, synchronous=FULL, a transaction per
 *   record; its API is synchronous, so 50 clients are 50 sequential
 *   commits), also as a key-value layout updating one of 100 or 100,000 keys.
 *
 * Run: npm run bench -- journal
 *      RXCONF_COMPARE_MODULES=/tmp/store-compare npm run bench -- journal
 */
import { closeSync, fdatasyncSync, openSync, readFileSync, unlinkSync, writeFileSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { draftDataFile } from '../src/store/data-file.ts';
import { GroupCommit } from '../src/store/group-commit.ts';
import { frameRecord } from '../src/store/journal-line.ts';
import { JournalSegment } from '../src/store/journal-segment.ts';
import { replaceFile } from '../src/store/snapshot-file.ts';
import { loadState, openStore, schema, storeModule, tempDataFile, type OpenStore } from '../test/store/helpers.ts';
import { report, type BenchRow } from './lib/report.ts';
import { median } from './lib/stats.ts';

const SLICES = 7;
const SLICE_MS = 400;
const fixed = (x: number, digits = 3): number => Number(x.toFixed(digits));

/** Something measured: `clients` loops calling `once` for the slice's duration. */
interface Contender {
  readonly name: string;
  readonly clients?: number;
  readonly once: (i: number) => Promise<void> | void;
  /** Syncs done so far, for syncs per operation. */
  readonly syncs?: () => number;
}

interface Measured {
  readonly name: string;
  /** Median operations per second. */
  readonly rate: number;
  /** Median over slices of rate / the first contender's rate in the same round. */
  readonly ratio: number;
  readonly syncsPerOp: number | undefined;
}

const slice = async (c: Contender, counter: { n: number }): Promise<{ rate: number; syncs: number; ops: number }> => {
  const s0 = c.syncs?.() ?? 0;
  const n0 = counter.n;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: c.clients ?? 1 }, async () => {
    while (performance.now() - t0 < SLICE_MS) await c.once(counter.n++);
  }));
  const ops = counter.n - n0;
  return { rate: (ops * 1000) / (performance.now() - t0), syncs: (c.syncs?.() ?? 0) - s0, ops };
};

/** Runs the contenders in interleaved slices; ratios are to the first. */
const interleave = async (contenders: readonly Contender[]): Promise<Measured[]> => {
  const counters = contenders.map(() => ({ n: 0 }));
  for (const [i, c] of contenders.entries()) await slice(c, counters[i] as { n: number }); // warm-up
  const rates: number[][] = contenders.map(() => []);
  const ratios: number[][] = contenders.map(() => []);
  const syncs = contenders.map(() => ({ syncs: 0, ops: 0 }));
  for (let r = 0; r < SLICES; r++) {
    const round: number[] = [];
    for (const [i, c] of contenders.entries()) {
      const m = await slice(c, counters[i] as { n: number });
      round.push(m.rate);
      (rates[i] as number[]).push(m.rate);
      (syncs[i] as { syncs: number }).syncs += m.syncs;
      (syncs[i] as { ops: number }).ops += m.ops;
    }
    for (const [i, x] of round.entries()) (ratios[i] as number[]).push(x / (round[0] as number));
  }
  return contenders.map((c, i) => ({
    name: c.name,
    rate: median(rates[i] as number[]),
    ratio: median(ratios[i] as number[]),
    syncsPerOp: c.syncs === undefined ? undefined : (syncs[i] as { syncs: number; ops: number }).syncs / (syncs[i] as { syncs: number; ops: number }).ops,
  }));
};

const rows: BenchRow[] = [];
const row = (m: Measured, vs: string): void => {
  rows.push({ case: m.name, 'ops/s': Math.round(m.rate), 'ms/op': fixed(1000 / m.rate), 'syncs/op': m.syncsPerOp === undefined ? '' : fixed(m.syncsPerOp), ratio: fixed(m.ratio), 'ratio to': vs });
};

/** The disk's own rate: a 200-byte write + fdatasync, appended to a growing file or written into one filled with zeros beforehand (as journal segments are). */
const rawSync = (preallocated: boolean): Contender & { close(): void } => {
  const file = tempDataFile();
  const fd = openSync(file, 'w');
  const buf = Buffer.alloc(200, 'x');
  if (preallocated) {
    const zeros = Buffer.alloc(64 << 20);
    writeSync(fd, zeros, 0, zeros.length, 0);
    fdatasyncSync(fd);
  }
  let at = 0;
  return {
    name: `raw: 200-byte write + fdatasync, ${preallocated ? 'into a preallocated file' : 'appended to a growing file'}`,
    once: () => {
      writeSync(fd, buf, 0, buf.length, at);
      at = (at + buf.length) % (64 << 20);
      fdatasyncSync(fd);
    },
    close: () => closeSync(fd),
  };
};

const withEntries = (n: number): string => {
  const file = tempDataFile();
  writeFileSync(file, JSON.stringify({ 'st-store:entry': Array.from({ length: n }, (_, i) => ({ id: i, v: `value-${i}` })) }));
  return file;
};

const opened: OpenStore[] = [];
const open = async (file = tempDataFile()): Promise<OpenStore> => {
  const s = openStore(file);
  await s.edit(storeModule, { settings: { name: 'first' } }); // the run's first commit writes a snapshot
  opened.push(s);
  return s;
};

// The storage alone: one 150-byte record (a new one each time) made durable.
const record = (i: number): string => JSON.stringify({ m: 'st-store', o: [['w', ['entry', [i], 'v'], `${i}`.padEnd(100, 'x')]] });
const compareFrom = process.env.RXCONF_COMPARE_MODULES;
const optional = (name: string): unknown => {
  if (compareFrom === undefined) return undefined;
  try {
    return createRequire(join(compareFrom, 'package.json'))(name);
  } catch {
    return undefined;
  }
};
type Lmdb = { open(o: object): { put(k: number, v: string): Promise<boolean>; putSync(k: number, v: string): void; transactionSync(f: () => void): void; close(): Promise<void> } };
type Sqlite = new (file: string) => { pragma(s: string): unknown; exec(s: string): void; prepare(s: string): { run(...a: unknown[]): unknown }; transaction(f: () => void): () => void; close(): void };
const lmdb = optional('lmdb') as Lmdb | undefined;
const sqlite = optional('better-sqlite3') as Sqlite | undefined;
const closers: (() => unknown)[] = [];

const journalStorage = (clients: number): Contender => {
  const file = tempDataFile();
  const segment = JournalSegment.create(file, frameRecord('{}'));
  const commit = new GroupCommit();
  closers.push(() => segment.close());
  return { name: `storage alone, journal (segment + group commit): append, ${clients} client(s)`, clients, once: (i) => commit.add(segment, frameRecord(record(i))), syncs: () => commit.writes };
};

const lmdbStorage = (l: Lmdb, clients: number, keys: number): Contender => {
  const db = l.open({ path: join(dirname(tempDataFile()), 'db'), overlappingSync: false, compression: false });
  db.transactionSync(() => {
    for (let k = 0; k < keys; k++) db.putSync(k, record(-1 - k)); // never the value an update writes (SQLite skips writing an unchanged row)
  });
  closers.push(() => db.close());
  const what = keys === 0 ? `append, ${clients} client(s)` : `update 1 of ${keys.toLocaleString('en')} keys, ${clients} client(s)`;
  return { name: `storage alone, LMDB (lmdb-js, synced commits): ${what}`, clients, once: async (i) => void (await db.put(keys === 0 ? i : i % keys, record(i))) };
};

const sqliteStorage = (S: Sqlite, clients: number, keys: number): Contender => {
  const db = new S(join(dirname(tempDataFile()), 'db.sqlite'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  db.exec('create table kv (k integer primary key, v text)');
  const upsert = db.prepare('insert into kv (k, v) values (?, ?) on conflict (k) do update set v = excluded.v');
  db.transaction(() => {
    for (let k = 0; k < keys; k++) upsert.run(k, record(-1 - k));
  })();
  closers.push(() => db.close());
  const what = keys === 0 ? `append, ${clients} client(s)` : `update 1 of ${keys.toLocaleString('en')} keys, ${clients} client(s)`;
  return { name: `storage alone, SQLite (better-sqlite3, WAL, synchronous=FULL): ${what}`, clients, once: (i) => void upsert.run(keys === 0 ? i : i % keys, record(i)) };
};

// 1. One client, sequential: edits, and the storage alone.
{
  const raw = rawSync(true);
  const growing = rawSync(false);
  const s = await open();
  const contenders: Contender[] = [raw, growing, { name: '1 client, sequential one-leaf edits, acknowledged durable', once: (i) => s.edit(storeModule, { settings: { name: `n${i}` } }), syncs: () => s.backend().writes }, journalStorage(1)];
  if (lmdb !== undefined) contenders.push(lmdbStorage(lmdb, 1, 0));
  if (sqlite !== undefined) contenders.push(sqliteStorage(sqlite, 1, 0));
  for (const m of await interleave(contenders)) row(m, 'raw sync');
  raw.close();
  growing.close();
}

// 2. 50 clients on one module; the storage alone with 50 clients.
{
  const grouped = await open();
  const raw = rawSync(true);
  const contenders: Contender[] = [
    raw,
    { name: '50 clients, one module, group commit (each acknowledged durable)', clients: 50, once: (i) => grouped.edit(storeModule, { item: [{ id: `c${i % 50}`, value: i }] }), syncs: () => grouped.backend().writes },
    journalStorage(50),
  ];
  if (lmdb !== undefined) contenders.push(lmdbStorage(lmdb, 50, 0));
  if (sqlite !== undefined) contenders.push(sqliteStorage(sqlite, 50, 0));
  for (const m of (await interleave(contenders)).slice(1)) row(m, 'raw sync');
  raw.close();
}

// 3. Single-entry edits beside 100 and 100,000 entries (same module): durable, and syncs off (CPU alone).
{
  const small = await open(withEntries(100));
  const big = await open(withEntries(100_000));
  const edit = (s: OpenStore, n: number) => (i: number) => s.edit(storeModule, { entry: [{ id: (i * 7919) % n, v: `e${i}` }] });
  for (const m of await interleave([{ name: 'single-entry edit, 100 entries in the module, durable', once: edit(small, 100) }, { name: 'single-entry edit, 100,000 entries in the module, durable', once: edit(big, 100_000) }])) row(m, '100 entries');
  const sync = JournalSegment.prototype.sync;
  JournalSegment.prototype.sync = () => Promise.resolve();
  for (const m of await interleave([{ name: 'same, syncs off (CPU alone), 100 entries', once: edit(small, 100) }, { name: 'same, syncs off (CPU alone), 100,000 entries', once: edit(big, 100_000) }])) row(m, '100 entries');
  JournalSegment.prototype.sync = sync;
  for (const [s, n] of [[small, 100], [big, 100_000]] as const) {
    const file = s.backend().file;
    const times: number[] = [];
    for (let i = 0; i < (n > 1000 ? 5 : 30); i++) {
      const t0 = performance.now();
      await replaceFile(`${file}.before`, draftDataFile(`${file}.before`, s.store.all, schema));
      times.push(performance.now() - t0);
    }
    rows.push({ case: `before: whole data file rewritten per edit, ${n.toLocaleString('en')} entries`, 'ops/s': Math.round(1000 / median(times)), 'ms/op': fixed(median(times)), 'syncs/op': 2, ratio: '', 'ratio to': '' });
  }
}

// 4. Snapshot pause and start-up replay at 100,000 entries.
{
  const file = withEntries(100_000);
  const s = await open(file);
  const pauses: number[] = [];
  for (let r = 0; r < 5; r++) {
    const t0 = performance.now();
    unlinkSync(draftDataFile(file, s.store.all, schema).tmp);
    pauses.push(performance.now() - t0);
  }
  rows.push({ case: 'snapshot pause at 100,000 entries (encoding and writing the temp file on the event loop)', 'ops/s': '', 'ms/op': fixed(median(pauses), 1), 'syncs/op': '', ratio: '', 'ratio to': '' });
  for (let i = 0; i < 10_000; i += 100) {
    await Promise.all(Array.from({ length: 100 }, (_, k) => s.edit(storeModule, { entry: [{ id: i + k, v: `changed-${i + k}` }] })));
  }
  await s.store.flush();
  const journal = readFileSync(`${file}.journal`);
  const image = tempDataFile();
  writeFileSync(image, readFileSync(file));
  writeFileSync(`${image}.journal`, journal);
  const t0 = performance.now();
  const loaded = loadState(image);
  const ms = performance.now() - t0;
  if (loaded.replayed !== 10_000) throw new Error(`replayed ${loaded.replayed}`);
  rows.push({ case: `start: 100,000-entry data file + 10,000 records (${Math.round(journal.indexOf(0) / 1024)} KiB) replayed and written back`, 'ops/s': '', 'ms/op': fixed(ms, 1), 'syncs/op': '', ratio: '', 'ratio to': '' });
}

// 5. Key-value layouts in LMDB and SQLite (one key of 100 or 100,000 updated, their files past their first growth) against the journal's append.
{
  const contenders: Contender[] = [journalStorage(1)];
  for (const keys of [100, 100_000]) {
    if (lmdb !== undefined) contenders.push(lmdbStorage(lmdb, 1, keys));
    if (sqlite !== undefined) contenders.push(sqliteStorage(sqlite, 1, keys));
  }
  if (contenders.length === 1) rows.push({ case: 'LMDB, SQLite: not measured (set RXCONF_COMPARE_MODULES)', 'ops/s': '', 'ms/op': '', 'syncs/op': '', ratio: '', 'ratio to': '' });
  else for (const m of (await interleave(contenders)).slice(1)) row(m, 'journal append');
}

for (const s of opened) await s.store.close();
for (const c of closers) await c();
report('journal', rows, { slices: SLICES, 'slice ms': SLICE_MS });
