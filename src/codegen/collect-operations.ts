/**
 * Every rpc, action and notification of a module (nested ones included, in
 * the module's own data and in what other modules augment into it), with the
 * path `app.operation` and `app.notification` take: `module:rpc`,
 * `module:container/list/action`.
 */
import type { DataDef, ModuleMeta, NotificationMeta, OperationMeta } from '../meta/meta.ts';

export interface OperationEntry {
  readonly meta: OperationMeta | NotificationMeta;
  /** Data node names from the module root to the operation, itself included. */
  readonly names: readonly string[];
  readonly path: string;
}

export const collectOperations = (module: ModuleMeta): OperationEntry[] => {
  const out: OperationEntry[] = [];
  const add = (meta: OperationMeta | NotificationMeta, names: readonly string[]): void => {
    out.push({ meta, names, path: `${module.name}:${names.join('/')}` });
  };
  const walk = (defs: readonly DataDef[], names: readonly string[]): void => {
    for (const d of defs) {
      if (d.recursive) continue;
      if (d.kind === 'choice') {
        for (const c of d.cases) walk(c.children, names);
      } else if (d.kind === 'container' || d.kind === 'list') {
        const here = [...names, d.name];
        for (const a of d.actions) add(a, [...here, a.name]);
        for (const n of d.notifications) add(n, [...here, n.name]);
        walk(d.children, here);
      }
    }
  };
  for (const r of module.rpcs) add(r, [r.name]);
  for (const n of module.notifications) add(n, [n.name]);
  walk(module.children, []);
  return out;
};
