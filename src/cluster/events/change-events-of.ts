/**
 * The change events of one committed change of the log (change-event.ts):
 * one per node call it made (create of a container or list entry, merge of
 * each leaf written, delete, move), or one `replace` of the module's root
 * for a change stored as the module's whole tree. A list coming to hold
 * its first entry is no instance of its own: the entry's create says it.
 */
import type { ChangeEvent } from '../../actors/change-event.ts';
import { changeOf } from '../../actors/edit/change-of.ts';
import { rootPath } from '../../data/data-path.ts';
import type { ChangeOp, StoredChange } from '../../store/change-op.ts';

/** A list's creation (its path ends in the list, no key): not an instance. */
const listHolder = (op: ChangeOp): boolean => {
  const last = op.path.segments[op.path.segments.length - 1];
  return op.op === 'created' && last?.meta.kind === 'list' && last.key === undefined;
};

const OPERATIONS = { created: 'create', moved: 'move', removed: 'delete', wrote: 'merge' } as const;

export const changeEventsOf = (change: StoredChange, time: string): ChangeEvent[] => {
  const module = change.module.name;
  if ('image' in change) return [changeOf(module, rootPath, 'replace', undefined, time)];
  return change.ops.filter((op) => !listHolder(op)).map((op) => changeOf(module, op.path, OPERATIONS[op.op], op.op === 'wrote' ? op.value : undefined, time));
};
