/**
 * Tree-level validation of a datastore (RFC 7950 §8.1): every constraint
 * that needs more than one value — mandatory nodes and choices,
 * min/max-elements, unique, when, must, and leafref and instance-identifier
 * require-instance. Schema-level checks (types, unknown members, keys,
 * choice exclusivity) are the decoder's; this runs on decoded trees.
 * Every violation is returned, each with its error-path.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { RestconfError } from '../errors/index.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import type { Content } from './holder-plan.ts';
import { ValidationRun } from './validation-run.ts';
import { walkRoot } from './walk-tree.ts';
import { xDataRoot } from './x-data-node.ts';

export interface ValidateTreeOptions {
  /**
   * `config`: the roots are a configuration datastore; config false nodes
   * are ignored and the expressions see configuration only (RFC 7950
   * §6.4.1). `all`: configuration and state data together.
   */
  readonly content: Content;
  readonly schema: SchemaContext;
  /** Check only the constraints of nodes in these modules' trees (expressions still see everything). Default: all. */
  readonly modules?: ReadonlySet<string>;
}

/** Per schema: its implemented modules, and whether it has others. */
const implementedModules = new WeakMap<SchemaContext, { readonly implemented: readonly ModuleMeta[]; readonly others: readonly ModuleMeta[] }>();

/**
 * The modules whose top-level nodes the accessible tree holds: implemented
 * ones, and any with data. Asks `roots` only about the modules not
 * implemented (an edit's candidate roots read a module's tree when asked);
 * when none of them has data, the list is the one made once per schema.
 */
export const treeModules = (schema: SchemaContext, roots: ReadonlyMap<string, DataContainer>): readonly ModuleMeta[] => {
  let split = implementedModules.get(schema);
  if (split === undefined) {
    const all = [...schema.modules.values()];
    implementedModules.set(schema, (split = { implemented: all.filter((m) => m.implemented), others: all.filter((m) => !m.implemented) }));
  }
  for (const m of split.others) {
    if (roots.has(m.name)) return [...schema.modules.values()].filter((x) => x.implemented || roots.has(x.name));
  }
  return split.implemented;
};

export function validateTree(roots: ReadonlyMap<string, DataContainer>, options: ValidateTreeOptions): RestconfError[] {
  const modules = treeModules(options.schema, roots);
  const root = xDataRoot({ roots, schema: options.schema, content: options.content, modules });
  const run = new ValidationRun(root, options.schema);
  const only = options.modules;
  walkRoot(run, root, only === undefined ? modules : modules.filter((m) => only.has(m.name)));
  return run.errors;
}
