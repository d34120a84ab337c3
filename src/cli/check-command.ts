/**
 * `rxconf check [--path DIR] FILE|MODULE...`: compiles the modules and prints
 * every problem on stderr (exit 1), or nothing (exit 0).
 */
import { compileSchema } from '../meta/compile/compile-schema.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';
import { unknownFeatures } from './unknown-features.ts';
import { UsageError } from './usage-error.ts';

export interface CheckArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly warnings: boolean;
  readonly files: readonly string[];
}

export const checkCommand = (args: CheckArgs, err: (line: string) => void): number => {
  if (args.files.length === 0) throw new UsageError('give at least one YANG file or module name');
  const options = compileOptions(args.path, args.files, args.features);
  const result = compileSchema(options);
  for (const d of result.diagnostics) if (d.severity === 'error' || args.warnings) err(formatDiagnostic(d));
  const unknown = unknownFeatures(options.features ?? new Map(), result.context);
  for (const problem of unknown) err(`rxconf check: ${problem}`);
  return result.ok && unknown.length === 0 ? 0 : 1;
};
