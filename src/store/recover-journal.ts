/**
 * What a start finds: the data file (the last snapshot) and the journal
 * segments beside it, replayed in order onto the snapshot. Reading stops at
 * the first torn or garbled record (everything after it was never
 * acknowledged); a segment that continues another snapshot is kept aside
 * (`.orphaned-<time>`), never applied to the wrong base.
 */
import { existsSync, readFileSync, renameSync } from 'node:fs';
import type { DataContainer } from '../data/data-container.ts';
import type { SchemaContext } from '../meta/meta.ts';
import { decodeChanges } from './change-record.ts';
import { decodeDataFile } from './data-file.ts';
import { readJournalHeader, type JournalHeader } from './journal-header.ts';
import { readJournalText } from './journal-line.ts';
import { removeStaleTmpFiles } from './remove-stale-tmp-files.ts';
import { snapshotId } from './snapshot-file.ts';
import type { ReplayChange } from './storage-backend.ts';

export interface RecoveredState {
  readonly roots: Map<string, DataContainer>;
  /** Journal records applied on the snapshot. */
  readonly replayed: number;
  /** Journal files to remove once the state is written as a snapshot. */
  readonly segments: readonly string[];
  /** The data file's size in bytes (0 when absent). */
  readonly snapshotBytes: number;
  /** What was wrong and what was done about it, for the log. */
  readonly warnings: readonly string[];
}

interface SegmentText {
  readonly path: string;
  readonly header: JournalHeader | undefined;
  readonly records: readonly unknown[];
  readonly torn: string | undefined;
  readonly droppedBytes: number;
}

const readSegment = (path: string): SegmentText | undefined => {
  if (!existsSync(path)) return undefined;
  const t = readJournalText(readFileSync(path));
  const header = readJournalHeader(t.records[0]);
  return { path, header, records: header === undefined ? [] : t.records.slice(1), torn: t.torn, droppedBytes: t.droppedBytes };
};

export const recoverJournal = (schema: SchemaContext, file: string, journal: string, next: string, replay: ReplayChange): RecoveredState => {
  const warnings: string[] = [];
  const removed = removeStaleTmpFiles(file);
  if (removed.length > 0) warnings.push(`removed ${removed.length} temporary file(s) an interrupted write left: ${removed.join(', ')}`);
  const bytes = existsSync(file) ? readFileSync(file) : undefined;
  const roots = bytes === undefined ? new Map<string, DataContainer>() : decodeDataFile(bytes.toString('utf8'), schema, file);
  const id = snapshotId(bytes);
  const j = readSegment(journal);
  const n = readSegment(next);
  const chain = n?.header?.base === id ? [n] : j?.header?.base === id ? (n?.header?.chained === true ? [j, n] : [j]) : [];
  const segments = [j, n].filter((s): s is SegmentText => s !== undefined);

  let replayed = 0;
  let stopped: string | undefined;
  for (const s of chain) {
    if (stopped !== undefined) {
      if (s.records.length > 0) warnings.push(`${s.path}: ${s.records.length} record(s) after ${stopped} dropped (never acknowledged)`);
      continue;
    }
    for (const record of s.records) {
      const changes = decodeChanges(record, schema);
      if (typeof changes === 'string') {
        warnings.push(`${s.path}: a record skipped: ${changes}`);
        continue;
      }
      for (const change of changes) {
        const missed = replay(roots, change);
        if (missed.length > 0) warnings.push(`${s.path}: changes whose place no longer exists, skipped: ${missed.join(', ')}`);
      }
      replayed += 1;
    }
    if (s.torn !== undefined) {
      stopped = `the torn tail of ${s.path}`;
      warnings.push(`${s.path}: dropped a torn tail (${s.torn}, ${s.droppedBytes} bytes): an edit cut short by a crash, never acknowledged`);
    }
  }
  for (const s of segments) {
    if (chain.includes(s) || s.records.length === 0) continue;
    if (s === n && s.header?.chained === false) {
      warnings.push(`${s.path}: ${s.records.length} record(s) written while a snapshot was unfinished dropped (never acknowledged)`);
      continue;
    }
    const aside = `${s.path}.orphaned-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    renameSync(s.path, aside);
    warnings.push(`${s.path} continues another data file than ${file} (was it replaced?): its ${s.records.length} record(s) were not applied; kept as ${aside}`);
  }
  return { roots, replayed, segments: segments.filter((s) => existsSync(s.path)).map((s) => s.path), snapshotBytes: bytes?.length ?? 0, warnings };
};
