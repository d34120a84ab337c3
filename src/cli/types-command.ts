/**
 * `rxconf types [--path DIR] MODULE... --out DIR`: one TypeScript file per
 * module (`DIR/MODULE.ts`) with its interfaces, io-ts codecs and `model`.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTypes } from '../codegen/generate-types.ts';
import { compileModules, type ModuleArgs } from './compile-modules.ts';
import { UsageError } from './usage-error.ts';

export interface TypesArgs extends ModuleArgs {
  readonly out: string | undefined;
  /** The module generated code imports the runtime from (default 'rxconf'). */
  readonly runtime: string | undefined;
}

export const typesCommand = (args: TypesArgs, log: (line: string) => void, err: (line: string) => void): number => {
  if (args.out === undefined) throw new UsageError('give the output directory with --out DIR');
  const compiled = compileModules('types', args, err);
  if (compiled === undefined) return 1;
  mkdirSync(args.out, { recursive: true });
  for (const m of compiled.modules) {
    const file = join(args.out, `${m.name}.ts`);
    writeFileSync(file, generateTypes(m, compiled.schema, args.runtime === undefined ? {} : { runtimeImport: args.runtime }));
    log(file);
  }
  return 0;
};
