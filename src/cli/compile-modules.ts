/**
 * Compiles the modules a generating command (types, docs) names: every error
 * and unknown --features name on `err`; the schema and the implemented
 * modules, or undefined when there were problems.
 */
import { compileSchema } from '../meta/compile/compile-schema.ts';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';
import { unknownFeatures } from './unknown-features.ts';
import { UsageError } from './usage-error.ts';

export interface ModuleArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
}

export const compileModules = (command: string, args: ModuleArgs, err: (line: string) => void): { schema: SchemaContext; modules: ModuleMeta[] } | undefined => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const options = compileOptions(args.path, args.modules, args.features);
  const result = compileSchema(options);
  for (const d of result.diagnostics) if (d.severity === 'error') err(formatDiagnostic(d));
  const unknown = unknownFeatures(options.features ?? new Map(), result.context);
  for (const problem of unknown) err(`rxconf ${command}: ${problem}`);
  if (!result.ok || unknown.length > 0) return undefined;
  return { schema: result.context, modules: [...result.context.modules.values()].filter((m) => m.implemented) };
};
