/** `rxconf tree [--path DIR] FILE|MODULE...`: the schema tree of each module, pyang style, on stdout. */
import { compileSchema } from '../meta/compile/compile-schema.ts';
import { printTree } from '../meta/tree/print-tree.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';
import { unknownFeatures } from './unknown-features.ts';
import { UsageError } from './usage-error.ts';

export interface TreeArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
}

export const treeCommand = (args: TreeArgs, out: (text: string) => void, err: (line: string) => void): number => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const options = compileOptions(args.path, args.modules, args.features);
  const result = compileSchema(options);
  for (const d of result.diagnostics) if (d.severity === 'error') err(formatDiagnostic(d));
  const unknown = unknownFeatures(options.features ?? new Map(), result.context);
  for (const problem of unknown) err(`rxconf tree: ${problem}`);
  if (!result.ok || unknown.length > 0) return 1;
  const names = [...result.context.modules.values()].filter((m) => m.implemented);
  out(names.map((m) => printTree(m, result.context)).join('\n'));
  return 0;
};
