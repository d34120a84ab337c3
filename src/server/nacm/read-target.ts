/**
 * The data node a read (GET, HEAD of `/restconf/data/...`) targets, as the
 * core will resolve it: found by NACM's request filter, before routing, so
 * that the module's root can be handed out unguarded when the user may read
 * all of the target (nacm.ts guardRoot). The path is resolved in both
 * compliance modes (the filter does not know which the core will use); a
 * target is named only when every mode that resolves the path resolves it to
 * the same data node — else nothing is named and the read is guarded.
 * The answer is remembered per path (bounded), while the device serves the
 * module with the same browser.
 */
import type { Device } from '../../actors/device.ts';
import type { ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import type { Browser } from '../../actors/browser.ts';
import { resolveApiPath, type Resolution, type ResolvedTarget, type ResourceKind } from '../../http/core/api-path/index.ts';

const DATA = '/restconf/data';
const DATA_SLASH = `${DATA}/`;

const DATA_KINDS: ReadonlySet<ResourceKind> = new Set(['container', 'list-entry', 'list', 'leaf', 'leaf-list-entry', 'leaf-list', 'anydata']);

/** A data node read in a module (the module whose root the read starts from); made only here. */
export class ReadTarget {
  constructor(readonly meta: SchemaNode, readonly module: ModuleMeta) {
    Object.freeze(this);
  }
}

/** Paths remembered (as PathCache: oldest dropped first). */
const LIMIT = 2048;

interface Known {
  readonly target: ReadTarget | undefined;
  /** The browser the path resolved in: the answer holds while the device serves the module with it. */
  readonly browser: Browser | undefined;
}

export class ReadTargets {
  private readonly known = new Map<string, Known>();
  /** One ReadTarget per node: the filter answers the same object for every read of it. */
  private readonly targets = new WeakMap<SchemaNode, ReadTarget>();

  constructor(private readonly device: Device) {}

  /** The read's target node, or undefined (not a data path, not resolved, a module or the datastore, or the modes disagree). */
  of(path: string): ReadTarget | undefined {
    const hit = this.known.get(path);
    if (hit !== undefined && (hit.browser === undefined || this.device.browser(hit.browser.module.name) === hit.browser)) return hit.target;
    const known = this.resolve(path);
    if (this.known.size >= LIMIT) this.known.delete(this.known.keys().next().value as string);
    this.known.set(path, known);
    return known.target;
  }

  private resolve(path: string): Known {
    if (!path.startsWith(DATA_SLASH)) return { target: undefined, browser: undefined };
    const raw = path.slice(DATA.length);
    const a = dataTarget(resolveApiPath(raw, this.device, false));
    const b = dataTarget(resolveApiPath(raw, this.device, true));
    const browser = (a ?? b ?? undefined)?.browser;
    if (a === null || b === null) return { target: undefined, browser };
    const t = a ?? b;
    if (t === undefined || (a !== undefined && b !== undefined && (a.meta !== b.meta || a.browser !== b.browser))) return { target: undefined, browser };
    const meta = t.meta as SchemaNode;
    const module = (t.browser as Browser).module;
    let target = this.targets.get(meta);
    if (target === undefined || target.module !== module) this.targets.set(meta, (target = new ReadTarget(meta, module)));
    return { target, browser: t.browser };
  }
}

/** undefined: the mode does not resolve the path (no read happens in it); null: resolved to something other than a data node. */
const dataTarget = (r: Resolution): ResolvedTarget | undefined | null => {
  if (!r.ok) return undefined;
  const t = r.target;
  return DATA_KINDS.has(t.kind) && t.browser !== undefined && t.meta !== undefined && t.meta.kind !== 'module' ? t : null;
};
