/** `rxconf openapi [--path DIR] MODULE... [--out FILE]`: the OpenAPI 3.1 document of the modules, on stdout or into FILE. */
import { writeFileSync } from 'node:fs';
import { openapiDocument } from '../openapi/openapi-document.ts';
import { compileForCommand } from './compile-for-command.ts';
import { UsageError } from './usage-error.ts';

export interface OpenapiArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
  readonly out: string | undefined;
}

export const openapiCommand = (args: OpenapiArgs, out: (text: string) => void, err: (line: string) => void): number => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const result = compileForCommand('openapi', args, args.modules, err);
  if (!result.ok) return 1;
  const text = `${JSON.stringify(openapiDocument(result.context), null, 2)}\n`;
  if (args.out === undefined) out(text);
  else writeFileSync(args.out, text);
  return 0;
};
