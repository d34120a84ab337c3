/**
 * How a command compiles the modules it is given: every error (and with
 * `warnings`, every warning) and every unknown --features name printed on
 * `err`; a malformed --features value is a usage error.
 */
import { compileWithFeatures, type CheckedCompile } from '../compile/compile-with-features.ts';
import { compileOptions, FeatureSyntaxError } from '../compile/schema-options.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { UsageError } from './usage-error.ts';

export interface SchemaArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
}

export const compileForCommand = (command: string, args: SchemaArgs, modules: readonly string[], err: (line: string) => void, warnings = false): CheckedCompile & { readonly searchPath: readonly string[] } => {
  let options;
  try {
    options = compileOptions(args.path, modules, args.features);
  } catch (e) {
    throw e instanceof FeatureSyntaxError ? new UsageError(e.message) : e;
  }
  const result = compileWithFeatures(options);
  for (const d of result.diagnostics) if (d.severity === 'error' || warnings) err(formatDiagnostic(d));
  for (const problem of result.unknownFeatures) err(`rxconf ${command}: ${problem}`);
  return { ...result, searchPath: options.searchPath };
};
