/**
 * A DataJournal that remembers how to undo each change: `undo()` puts the
 * tree back as it was, in reverse order, in time proportional to the
 * changes (never to the size of the tree).
 */
import type { DataNodeMeta, ListMeta } from '../meta/meta.ts';
import type { DataContainer, DataValue } from './data-container.ts';
import type { DataJournal } from './data-journal.ts';
import { addEntry, removeEntry } from './list-index.ts';

type Step =
  | { readonly kind: 'value'; readonly holder: DataContainer; readonly meta: DataNodeMeta; readonly had: boolean; readonly value: DataValue | undefined }
  | { readonly kind: 'added'; readonly entries: DataContainer[]; readonly meta: ListMeta; readonly entry: DataContainer; readonly at: number }
  | { readonly kind: 'removed'; readonly entries: DataContainer[]; readonly meta: ListMeta; readonly entry: DataContainer; readonly at: number };

export class UndoLog implements DataJournal {
  private steps: Step[] = [];

  /** `recording` false: changes are ignored until `start()`. */
  constructor(private recording = true) {}

  /** Records from now on; a no-op when already recording. */
  start(): void {
    if (this.recording) return;
    this.steps = [];
    this.recording = true;
  }

  setting(holder: DataContainer, meta: DataNodeMeta): void {
    if (!this.recording) return;
    this.steps.push({ kind: 'value', holder, meta, had: holder.values.has(meta), value: holder.values.get(meta) });
  }

  adding(_holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number): void {
    if (!this.recording) return;
    this.steps.push({ kind: 'added', entries: entries as DataContainer[], meta, entry, at });
  }

  removing(_holder: DataContainer, meta: ListMeta, entries: readonly DataContainer[], entry: DataContainer, at: number): void {
    if (!this.recording) return;
    this.steps.push({ kind: 'removed', entries: entries as DataContainer[], meta, entry, at });
  }

  /** Changes recorded since the last undo or clear. */
  get size(): number {
    return this.steps.length;
  }

  /** Reverts every recorded change, newest first, and forgets them. */
  undo(): void {
    const steps = this.steps;
    this.steps = [];
    this.recording = false;
    for (let i = steps.length - 1; i >= 0; i--) {
      const s = steps[i] as Step;
      if (s.kind === 'value') {
        if (s.had) s.holder.values.set(s.meta, s.value as DataValue);
        else s.holder.values.delete(s.meta);
      } else if (s.kind === 'added') {
        removeEntry(s.entries, s.meta, s.entry, s.at);
      } else {
        addEntry(s.entries, s.meta, s.entry, s.at);
      }
    }
  }

  /** Keeps the changes: forgets how to undo them (and stops recording). */
  clear(): void {
    this.steps = [];
    this.recording = false;
  }
}
