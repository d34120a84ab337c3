/**
 * The journal backend: the data file is the snapshot; every committed edit
 * appends a record of what it changed to `<data file>.journal`, made
 * durable by group commit before the edit is acknowledged. When the journal
 * outgrows its threshold, a new snapshot is written in the background and a
 * new segment (`<data file>.journal.next`, renamed over the journal once the
 * snapshot is in place) takes the records meanwhile. A start replays the
 * journal on the snapshot, writes the result as the new snapshot and starts
 * clean; the first commit of a run writes a snapshot too (it captures what
 * the application set directly in the tree), and a graceful close leaves
 * the data file alone, complete.
 */
import { unlinkSync } from 'node:fs';
import { rename, unlink } from 'node:fs/promises';
import { dirname } from 'node:path';
import { DataContainer } from '../data/data-container.ts';
import type { SchemaContext } from '../meta/meta.ts';
import type { StoredChange } from './change-op.ts';
import { encodeChange, encodeGroup } from './change-record.ts';
import { draftDataFile } from './data-file.ts';
import { GroupCommit } from './group-commit.ts';
import { journalHeaderLine } from './journal-header.ts';
import { JournalSegment } from './journal-segment.ts';
import { recoverJournal } from './recover-journal.ts';
import { type DraftFile, replaceFile, replaceFileSync, syncDir, syncDirSync } from './snapshot-file.ts';
import type { LiveState, StorageBackend } from './storage-backend.ts';

export interface JournalOptions {
  /** Journal bytes after which a new snapshot is written (and at least the last snapshot's size). Default 4 MiB, or RXCONF_JOURNAL_COMPACT_BYTES. */
  readonly compactBytes?: number;
  /** Journal records after which a new snapshot is written. Default 100,000. */
  readonly compactRecords?: number;
  /** Where recovery and background problems are told. Default: console.warn. */
  readonly warn?: (message: string) => void;
}

/** What the last load found. */
export interface RecoveryReport {
  readonly replayed: number;
  readonly warnings: readonly string[];
}

interface Rotation {
  readonly data: DraftFile;
  readonly old: JournalSegment | undefined;
  readonly next: JournalSegment;
  readonly opened?: () => void;
  readonly failed?: (e: unknown) => void;
}

const ignore = (): undefined => undefined;

const isGroup = (c: StoredChange | readonly StoredChange[]): c is readonly StoredChange[] => Array.isArray(c);

/** RXCONF_JOURNAL_COMPACT_BYTES: the default threshold, for tests and tuning without code. */
const envBytes = Number(process.env.RXCONF_JOURNAL_COMPACT_BYTES) > 0 ? Number(process.env.RXCONF_JOURNAL_COMPACT_BYTES) : undefined;

export class JournalBackend implements StorageBackend {
  readonly journalPath: string;
  readonly nextPath: string;
  private segment: JournalSegment | undefined;
  private readonly commit = new GroupCommit();
  private compacting: Promise<void> | undefined;
  private baseline: Promise<void> | undefined;
  private broken: Error | undefined;
  private closing: Promise<void> | undefined;
  private records = 0;
  private snapshotBytes = 0;
  private compactionOff = false;
  /** Snapshots written since the start (the first commit's included). */
  snapshots = 0;
  recovery: RecoveryReport = { replayed: 0, warnings: [] };

  constructor(
    private readonly schema: SchemaContext,
    readonly file: string,
    private readonly live: LiveState,
    private readonly options: JournalOptions = {},
  ) {
    this.journalPath = `${file}.journal`;
    this.nextPath = `${file}.journal.next`;
  }

  get failure(): Error | undefined {
    return this.commit.failed ?? this.broken;
  }

  /** Durable writes done so far (each covering a group of commits). */
  get writes(): number {
    return this.commit.writes;
  }

  private warn(message: string): void {
    (this.options.warn ?? ((m: string) => console.warn(`rxconf: ${m}`)))(message);
  }

  load(): Map<string, DataContainer> {
    const r = recoverJournal(this.schema, this.file, this.journalPath, this.nextPath, this.live.replay);
    for (const w of r.warnings) this.warn(w);
    this.snapshotBytes = r.snapshotBytes;
    if (r.replayed > 0) {
      const data = draftDataFile(this.file, r.roots, this.schema);
      replaceFileSync(this.file, data);
      this.snapshotBytes = data.length;
    }
    if (r.segments.length > 0) {
      for (const p of r.segments) unlinkSync(p);
      syncDirSync(dirname(this.file));
    }
    this.recovery = { replayed: r.replayed, warnings: r.warnings };
    return r.roots;
  }

  append(change: StoredChange | readonly StoredChange[]): Promise<void> {
    if (this.closing !== undefined) return Promise.reject(new Error(`${this.file}: the datastore is closed`));
    if (this.failure !== undefined) return Promise.reject(this.failure);
    const segment = this.segment;
    // The first commit of a run writes a snapshot that holds it (and whatever was set directly before).
    if (segment === undefined) {
      if (this.baseline === undefined) {
        this.baseline = this.track(this.rotate(false));
        this.baseline.catch((e: unknown) => {
          this.broken ??= e instanceof Error ? e : new Error(String(e));
        });
      }
      return this.baseline;
    }
    const record = isGroup(change) ? encodeGroup(change.map((c) => this.encode(c))) : this.encode(change);
    const done = this.commit.add(segment, record);
    this.records += 1;
    if (this.compacting === undefined && !this.compactionOff && this.due(segment)) {
      this.track(this.rotate(true)).catch((e: unknown) => {
        this.compactionOff = true;
        this.warn(`${this.file}: writing a snapshot failed, the journal keeps growing until a restart: ${e instanceof Error ? e.message : String(e)}`);
      });
    }
    return done;
  }

  /** The record of one module's change: what it changed, or the module's whole data when a change cannot be named. */
  private encode(change: StoredChange): string {
    return encodeChange(change, this.schema)
      ?? encodeChange({ module: change.module, image: this.live.roots.get(change.module.name) ?? new DataContainer(change.module) }, this.schema) as string;
  }

  private due(segment: JournalSegment): boolean {
    return segment.bytes >= Math.max(this.options.compactBytes ?? envBytes ?? 4 << 20, this.snapshotBytes)
      || this.records >= (this.options.compactRecords ?? 100_000);
  }

  private track(p: Promise<void>): Promise<void> {
    const t = p.finally(() => {
      if (this.compacting === t) this.compacting = undefined;
    });
    this.compacting = t;
    return t;
  }

  flush(): Promise<void> {
    return Promise.all([this.baseline, this.commit.flush()]).then(ignore);
  }

  compact(): Promise<void> {
    if (this.closing !== undefined) return this.closing;
    if (this.compacting !== undefined) return this.compacting.catch(ignore).then(() => this.compact());
    return this.segment === undefined ? Promise.resolve() : this.track(this.rotate(true));
  }

  /** Takes a snapshot of the live state (when no edit is half applied) and moves the journal to a new segment continuing it. */
  private rotate(chained: boolean): Promise<void> {
    return new Promise<Rotation>((resolve, reject) => this.live.whenSettled(() => {
      try {
        resolve(this.startSegment(chained));
      } catch (e) {
        reject(e);
      }
    })).then((r) => this.finishSnapshot(r));
  }

  private startSegment(chained: boolean): Rotation {
    const data = draftDataFile(this.file, this.live.roots, this.schema);
    const next = JournalSegment.create(this.nextPath, journalHeaderLine({ base: data.id, chained }));
    const old = this.segment;
    this.segment = next;
    this.records = 0;
    if (chained) {
      // Its records are acknowledged once the new file's name is durable too.
      next.ready = syncDir(dirname(this.file));
      next.ready.catch(ignore);
      return { data, old, next };
    }
    // A segment that does not continue the previous one is worth nothing until its snapshot is in place.
    let opened: () => void = ignore;
    let failed: (e: unknown) => void = ignore;
    next.ready = new Promise<void>((resolve, reject) => {
      opened = resolve;
      failed = reject;
    });
    next.ready.catch(ignore);
    return { data, old, next, opened, failed };
  }

  /** Puts a snapshot in place of the data file (durably: temp file, sync, rename, directory sync). */
  protected writeSnapshot(data: DraftFile): Promise<void> {
    return replaceFile(this.file, data);
  }

  private async finishSnapshot(r: Rotation): Promise<void> {
    try {
      await this.writeSnapshot(r.data);
    } catch (e) {
      r.failed?.(e);
      throw e;
    }
    r.opened?.();
    this.snapshots += 1;
    this.snapshotBytes = r.data.length;
    await r.next.sync();
    await rename(this.nextPath, this.journalPath);
    r.next.path = this.journalPath;
    await syncDir(dirname(this.file));
    if (r.old !== undefined) {
      await this.commit.flush().catch(ignore);
      r.old.close();
    }
  }

  close(): Promise<void> {
    this.closing ??= this.shutDown();
    return this.closing;
  }

  private async shutDown(): Promise<void> {
    while (this.compacting !== undefined) await this.compacting.catch(ignore);
    const segment = this.segment;
    if (segment === undefined) return;
    if (this.commit.failed !== undefined) {
      segment.close();
      return;
    }
    await this.commit.flush();
    const data = await new Promise<DraftFile>((resolve, reject) => this.live.whenSettled(() => {
      try {
        resolve(draftDataFile(this.file, this.live.roots, this.schema));
      } catch (e) {
        reject(e);
      }
    }));
    await this.writeSnapshot(data);
    segment.close();
    this.segment = undefined;
    await Promise.all([unlink(this.journalPath).catch(ignore), unlink(this.nextPath).catch(ignore)]);
    await syncDir(dirname(this.file));
  }
}
