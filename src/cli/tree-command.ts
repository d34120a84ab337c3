/** `rxconf tree --path DIR MODULE...`: the schema tree of each module, pyang style. */
import { compileSchema } from '../meta/compile/compile-schema.ts';
import { printTree } from '../meta/tree/print-tree.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';

export interface TreeArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
}

export const treeCommand = (args: TreeArgs, out: (text: string) => void, err: (line: string) => void): number => {
  if (args.modules.length === 0) {
    err('rxconf tree: give at least one module (name or file)');
    return 2;
  }
  const result = compileSchema(compileOptions(args.path, args.modules, args.features));
  for (const d of result.diagnostics) if (d.severity === 'error') err(formatDiagnostic(d));
  if (!result.ok) return 1;
  const names = [...result.context.modules.values()].filter((m) => m.implemented);
  out(names.map((m) => printTree(m, result.context)).join('\n'));
  return 0;
};
