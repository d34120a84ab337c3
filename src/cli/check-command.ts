/**
 * `rxconf check [--path DIR] FILE|MODULE...`: compiles the modules and prints
 * every problem on stderr (exit 1), or nothing (exit 0).
 */
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface CheckArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly warnings: boolean;
  readonly files: readonly string[];
}

export const checkCommand = (args: CheckArgs, err: (line: string) => void): number => {
  if (args.files.length === 0) throw new UsageError('give at least one YANG file or module name');
  return compileForCommand('check', args, args.files, err, args.warnings).ok ? 0 : 1;
};
