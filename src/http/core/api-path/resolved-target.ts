/** What an api-path resolves to: which resource, in which module's browser, reached by which steps. */
import type { Browser, TargetStep } from '../../../actors/index.ts';
import type { DataPath } from '../../../data/data-path.ts';
import type { DataNodeMeta, ModuleMeta, NotificationMeta, OperationMeta } from '../../../meta/meta.ts';

/**
 * The kinds of resource a data path can name. RFC 8040 §3.5 data resources
 * are containers, list entries, leaves, leaf-list entries and anydata; a
 * whole list or leaf-list (no key or value in the path) is readable here too.
 */
export type ResourceKind =
  | 'datastore' | 'module' | 'container' | 'list-entry' | 'list' | 'leaf' | 'leaf-list-entry' | 'leaf-list' | 'anydata'
  | 'operation' | 'notification';

export interface ResolvedTarget {
  readonly kind: ResourceKind;
  /** The module's browser; undefined for the datastore. */
  readonly browser: Browser | undefined;
  readonly steps: readonly TargetStep[];
  /** The instance path (error-path, Location). */
  readonly path: DataPath;
  /** The schema node named last (the module for a module root; undefined for the datastore). */
  readonly meta: ModuleMeta | DataNodeMeta | OperationMeta | NotificationMeta | undefined;
}

export const datastoreTarget: ResolvedTarget = { kind: 'datastore', browser: undefined, steps: [], path: { segments: [] }, meta: undefined };

/** Whether the target is configuration (the datastore and module roots are: they hold it). */
export const isConfigTarget = (t: ResolvedTarget): boolean =>
  t.meta === undefined || t.meta.kind === 'module' || (t.meta.kind !== 'rpc' && t.meta.kind !== 'action' && t.meta.kind !== 'notification' && t.meta.config);
