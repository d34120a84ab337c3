/**
 * A committed change of a module's data, modeled on RFC 8641
 * push-change-update: one RFC 8072 yang-patch edit with the target, the
 * operation and the new value (absent for delete and move).
 */
import type { DataPath } from '../data/data-path.ts';

export interface ChangeEvent {
  readonly module: string;
  /** The api-path of the edited instance (RFC 8040 §3.5.3, RFC 8072 §2.4): `/mod:top/list=k/leaf`, a leaf-list entry `/mod:top/ll=v`. */
  readonly target: string;
  /** The same instance as schema nodes and keys. */
  readonly path: DataPath;
  readonly operation: 'create' | 'merge' | 'replace' | 'delete' | 'move';
  /** What was written, RFC 8072 `value`: an object holding the target's member, `{"mod:name": ...}`, in RFC 7951 JSON; undefined for delete and move. */
  readonly value?: unknown;
  /** The same in the simplified form (names qualified only where ambiguous, 64-bit integers that fit as numbers). */
  readonly plainValue?: unknown;
  /** ISO 8601 UTC time of the commit. */
  readonly time: string;
}
