/**
 * What the generating commands (types, docs) share: the modules named,
 * compiled, every error and unknown --features name on `err`; then the
 * output directory made. Undefined when there were problems.
 */
import { mkdirSync } from 'node:fs';
import type { ModuleMeta, SchemaContext } from '../meta/meta.ts';
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface OutputArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
  /** The directory written. */
  readonly out: string | undefined;
}

export interface Compiled {
  readonly schema: SchemaContext;
  /** The modules named (implemented), each to write files for. */
  readonly modules: readonly ModuleMeta[];
  readonly out: string;
}

export const compileModules = (command: string, args: OutputArgs, err: (line: string) => void): Compiled | undefined => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  if (args.out === undefined) throw new UsageError('give the output directory with --out DIR');
  const result = compileForCommand(command, args, args.modules, err);
  if (!result.ok) return undefined;
  mkdirSync(args.out, { recursive: true });
  return { schema: result.context, modules: [...result.context.modules.values()].filter((m) => m.implemented), out: args.out };
};
