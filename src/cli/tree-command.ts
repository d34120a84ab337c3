/** `rxconf tree [--path DIR] FILE|MODULE...`: the schema tree of each module, pyang style, on stdout. */
import { printTree } from '../meta/tree/print-tree.ts';
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface TreeArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
}

export const treeCommand = (args: TreeArgs, out: (text: string) => void, err: (line: string) => void): number => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const result = compileForCommand('tree', args, args.modules, err);
  if (!result.ok) return 1;
  const names = [...result.context.modules.values()].filter((m) => m.implemented);
  out(names.map((m) => printTree(m, result.context)).join('\n'));
  return 0;
};
