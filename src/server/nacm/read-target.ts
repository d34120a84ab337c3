/**
 * The data node a read (GET, HEAD of `/restconf/data/...`) targets, as the
 * core will resolve it: found by NACM's request filter, before routing, so
 * that the module's root can be handed out unguarded when the user may read
 * all of the target (nacm.ts guardRoot). The path is resolved in both
 * compliance modes (the filter does not know which the core will use); a
 * target is named only when every mode that resolves the path resolves it to
 * the same data node — else nothing is named and the read is guarded.
 */
import type { Device } from '../../actors/device.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import { PathCache, type Resolution, type ResolvedTarget, type ResourceKind } from '../../http/core/api-path/index.ts';

const DATA = '/restconf/data';
const DATA_SLASH = `${DATA}/`;

const DATA_KINDS: ReadonlySet<ResourceKind> = new Set(['container', 'list-entry', 'list', 'leaf', 'leaf-list-entry', 'leaf-list', 'anydata']);

/** A data node read in a module (the module whose root the read starts from); made only here. */
export class ReadTarget {
  constructor(readonly meta: SchemaNode, readonly module: ModuleMeta) {
    Object.freeze(this);
  }
}

export class ReadTargets {
  private readonly paths: PathCache;
  /** One ReadTarget per node: the filter answers the same object for every read of it. */
  private readonly targets = new WeakMap<SchemaNode, ReadTarget>();

  constructor(device: Device) {
    this.paths = new PathCache(device);
  }

  /** The read's target node, or undefined (not a data path, not resolved, a module or the datastore, or the modes disagree). */
  of(path: string): ReadTarget | undefined {
    if (!path.startsWith(DATA_SLASH)) return undefined;
    const raw = path.slice(DATA.length);
    const a = dataTarget(this.paths.resolve(raw, false));
    const b = dataTarget(this.paths.resolve(raw, true));
    if (a === null || b === null) return undefined;
    const t = a ?? b;
    if (t === undefined || (a !== undefined && b !== undefined && (a.meta !== b.meta || a.browser !== b.browser))) return undefined;
    const meta = t.meta as SchemaNode;
    let target = this.targets.get(meta);
    if (target === undefined || target.module !== t.browser?.module) {
      target = new ReadTarget(meta, (t.browser as NonNullable<ResolvedTarget['browser']>).module);
      this.targets.set(meta, target);
    }
    return target;
  }
}

/** undefined: the mode does not resolve the path (no read happens in it); null: resolved to something other than a data node. */
const dataTarget = (r: Resolution): ResolvedTarget | undefined | null => {
  if (!r.ok) return undefined;
  const t = r.target;
  return DATA_KINDS.has(t.kind) && t.browser !== undefined && t.meta !== undefined && t.meta.kind !== 'module' ? t : null;
};
