/**
 * BeginEdit/EndEdit as the spec's tables order them. The target begins
 * first, then every ancestor bubbling up (flags all false); descendants
 * begin in pre-order and end in post-order; then the target ends, then the
 * ancestors nearest first. When anything fails, every node whose beginEdit
 * succeeded gets endEdit with the failure, so it can roll back and unlock.
 */
import { isPending, type Answer } from '../../base/answer.ts';
import type { Co } from '../co.ts';
import type { EditFlags } from '../requests.ts';
import type { Selection } from '../selection.ts';

/** The flags of an ancestor an edit bubbles to. */
export const NONE: EditFlags = { editRoot: false, new: false, delete: false };
/** The flags of a node the edit changes (or below which it changes), one it deletes, one it creates. */
export const CHANGED: EditFlags = { editRoot: true, new: false, delete: false };
export const DELETED: EditFlags = { editRoot: true, new: false, delete: true };
export const CREATED: EditFlags = { editRoot: true, new: true, delete: false };

/** The node's beginEdit; its answer (a Promise to wait for, when pending). */
const begin = (sel: Selection, flags: EditFlags): Answer<void> | undefined =>
  sel.node.beginEdit?.({ selection: sel, path: sel.path, editRoot: flags.editRoot, new: flags.new, delete: flags.delete });

const end = (sel: Selection, flags: EditFlags): Answer<void> | undefined =>
  sel.node.endEdit?.({ selection: sel, path: sel.path, editRoot: flags.editRoot, new: flags.new, delete: flags.delete });

/** endEdit with the failure; its own errors are dropped (the first failure is what the client sees). */
function* endFailed(sel: Selection, flags: EditFlags, failure: unknown): Co<void> {
  try {
    const a = sel.node.endEdit?.({ selection: sel, path: sel.path, editRoot: flags.editRoot, new: flags.new, delete: flags.delete, failure });
    if (isPending(a)) yield a;
  } catch {
    // rollback problems must not hide the original failure
  }
}

/**
 * An edit of `target`, bubbling to `ancestors` (nearest first), with `body`
 * doing the changes (a walk not yet started: it runs once every node
 * began); `check`, when given, runs once the body is done and before any
 * node ends: when it throws, the edit fails like a body that throws (every
 * node that began ends with the failure).
 */
export function* editWithHooks(target: Selection, flags: EditFlags, ancestors: readonly Selection[], body: Co<void>, check?: () => void): Co<void> {
  // How many began: the target, then that many minus one ancestors, in order.
  // (The hooks are called directly, not through a generator each: most answer at once.)
  let begun = 0;
  try {
    const a = begin(target, flags);
    if (isPending(a)) yield a;
    begun = 1;
    for (let i = 0; i < ancestors.length; i++) {
      const b = begin(ancestors[i] as Selection, NONE);
      if (isPending(b)) yield b;
      begun += 1;
    }
    yield* body;
    check?.();
  } catch (e) {
    if (begun > 0) yield* endFailed(target, flags, e);
    for (let i = 0; i < begun - 1; i++) yield* endFailed(ancestors[i] as Selection, NONE, e);
    throw e;
  }
  const a = end(target, flags);
  if (isPending(a)) yield a;
  for (let i = 0; i < ancestors.length; i++) {
    const b = end(ancestors[i] as Selection, NONE);
    if (isPending(b)) yield b;
  }
}

/** A descendant inside an edit: begin, body (a walk not yet started), end (endEdit with the failure if the body fails). */
export function* withNode(sel: Selection, flags: EditFlags, body: Co<void>): Co<void> {
  const a = begin(sel, flags);
  if (isPending(a)) yield a;
  try {
    yield* body;
  } catch (e) {
    yield* endFailed(sel, flags, e);
    throw e;
  }
  const b = end(sel, flags);
  if (isPending(b)) yield b;
}
