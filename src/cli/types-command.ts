/**
 * `rxconf types [--path DIR] MODULE... --out DIR`: one TypeScript file per
 * module (`DIR/MODULE.ts`) with its interfaces, io-ts codecs and `model`.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTypes } from '../codegen/generate-types.ts';
import { compileModules, type OutputArgs } from './compile-modules.ts';

export interface TypesArgs extends OutputArgs {
  /** The module generated code imports the runtime from (default 'rxconf'). */
  readonly runtime: string | undefined;
}

export const typesCommand = (args: TypesArgs, log: (line: string) => void, err: (line: string) => void): number => {
  const compiled = compileModules('types', args, err);
  if (compiled === undefined) return 1;
  for (const m of compiled.modules) {
    const file = join(compiled.out, `${m.name}.ts`);
    writeFileSync(file, generateTypes(m, compiled.schema, args.runtime === undefined ? {} : { runtimeImport: args.runtime }));
    log(file);
  }
  return 0;
};
