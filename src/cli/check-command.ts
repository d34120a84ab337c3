/** `rxconf check --path DIR[:DIR] FILE...`: prints every problem (exit 1) or nothing (exit 0). */
import { compileSchema } from '../meta/compile/compile-schema.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';

export interface CheckArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly warnings: boolean;
  readonly files: readonly string[];
}

export const checkCommand = (args: CheckArgs, out: (line: string) => void): number => {
  if (args.files.length === 0) {
    out('rxconf check: give at least one YANG file or module name');
    return 2;
  }
  const result = compileSchema(compileOptions(args.path, args.files, args.features));
  for (const d of result.diagnostics) if (d.severity === 'error' || args.warnings) out(formatDiagnostic(d));
  return result.ok ? 0 : 1;
};
