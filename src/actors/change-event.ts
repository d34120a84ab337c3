/**
 * A committed change of a module's data, modeled on RFC 8641
 * push-change-update: one yang-patch edit with the target path, the
 * operation and the new value (RFC 7951 JSON of the target, absent for delete).
 */
export interface ChangeEvent {
  readonly module: string;
  /** RFC 7951 instance-identifier of the edit's target. */
  readonly target: string;
  readonly operation: 'create' | 'merge' | 'replace' | 'delete' | 'move';
  /** The value written, as RFC 7951 JSON; undefined for delete. */
  readonly value?: unknown;
  /** ISO 8601 UTC time of the commit. */
  readonly time: string;
}
