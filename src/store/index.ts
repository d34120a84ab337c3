/**
 * Storage for the embedded datastore: the backend interface, the journal
 * backend (write-ahead log + snapshot, group commit, background compaction,
 * recovery), and the change records the datastore's nodes produce.
 */
export type { LiveState, ReplayChange, StorageBackend, StorageFactory } from './storage-backend.ts';
export type { ChangeOp, StoredChange } from './change-op.ts';
export type { DataChanges } from './data-changes.ts';
export { ChangeRecorder } from './change-recorder.ts';
export { JournalBackend, type JournalOptions, type RecoveryReport } from './journal-backend.ts';
export { Persistence } from './persistence.ts';
export { encodeChange, decodeChange, decodeChanges, encodeGroup } from './change-record.ts';
export { CommitGroup, type GroupStore } from './commit-group.ts';
export { encodeDataFile, decodeDataFile } from './data-file.ts';
export { readJournalText } from './journal-line.ts';
export { removeStaleTmpFiles } from './remove-stale-tmp-files.ts';
