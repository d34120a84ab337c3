/**
 * `rxconf check [--path DIR] FILE|MODULE...`: compiles the modules and prints
 * every problem on stderr (exit 1), or nothing (exit 0). `passed` hears what
 * a passing check read (for the result cache: result-cache.ts).
 */
import type { CheckSources } from './result-cache.ts';
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface CheckArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly warnings: boolean;
  readonly files: readonly string[];
}

export const checkCommand = (args: CheckArgs, err: (line: string) => void, passed?: (sources: CheckSources) => void): number => {
  if (args.files.length === 0) throw new UsageError('give at least one YANG file or module name');
  const result = compileForCommand('check', args, args.files, err, args.warnings);
  if (!result.ok) return 1;
  const modules = [...result.context.modules.values()];
  passed?.({ files: modules.flatMap((m) => [m.file, ...m.submodules.map((s) => s.file)]), dirs: result.searchPath });
  return 0;
};
