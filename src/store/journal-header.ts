/**
 * The first record of every journal segment: which snapshot it continues.
 * `base` identifies the data file's bytes (snapshotId). `chained` is true
 * when the segment was started while another segment still held records
 * the snapshot was being written from: until that snapshot is in place, the
 * segment continues the previous one instead.
 */
import { frameRecord } from './journal-line.ts';

export interface JournalHeader {
  readonly base: string;
  readonly chained: boolean;
}

export const journalHeaderLine = (h: JournalHeader): string =>
  frameRecord(JSON.stringify({ 'rxconf-journal': 1, base: h.base, chained: h.chained }));

export const readJournalHeader = (record: unknown): JournalHeader | undefined => {
  const r = record as { 'rxconf-journal'?: unknown; base?: unknown; chained?: unknown } | null;
  if (typeof r !== 'object' || r === null || r['rxconf-journal'] !== 1 || typeof r.base !== 'string') return undefined;
  return { base: r.base, chained: r.chained === true };
};
