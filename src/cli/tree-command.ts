/**
 * `rxconf tree [--path DIR] FILE|MODULE...`: the schema tree of each module
 * named (its own nodes, its augments, rpcs and notifications; not the
 * modules it imports or augments), pyang style, on stdout. `passed` hears
 * what it read (for the result cache: result-cache.ts).
 */
import { resolve } from 'node:path';
import { moduleRequest } from '../compile/schema-options.ts';
import { printTree } from '../meta/tree/print-tree.ts';
import { compileForCommand } from './compile-for-command.ts';
import type { CheckSources } from './result-cache.ts';
import { UsageError } from './usage-error.ts';

export interface TreeArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
}

export const treeCommand = (args: TreeArgs, out: (text: string) => void, err: (line: string) => void, passed?: (sources: CheckSources) => void): number => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const result = compileForCommand('tree', args, args.modules, err);
  if (!result.ok) return 1;
  // the modules named, not those they pull in (a module another augments is implemented too)
  const named = [...result.context.modules.values()].filter((m) => args.modules.map(moduleRequest).some((r) => ('name' in r ? r.name === m.name : resolve(r.file) === resolve(m.file))));
  const shown = named.length > 0 ? named : [...result.context.modules.values()].filter((m) => m.implemented);
  out(shown.map((m) => printTree(m, result.context)).join('\n'));
  const modules = [...result.context.modules.values()];
  passed?.({ files: modules.flatMap((m) => [m.file, ...m.submodules.map((s) => s.file)]), dirs: result.searchPath });
  return 0;
};
