/** `rxconf openapi [--path DIR] MODULE... [--out FILE]`: the OpenAPI 3.1 document of the modules, on stdout or into FILE. */
import { writeFileSync } from 'node:fs';
import { compileSchema } from '../meta/compile/compile-schema.ts';
import { openapiDocument } from '../openapi/openapi-document.ts';
import { formatDiagnostic } from '../parser/statement.ts';
import { compileOptions } from './schema-options.ts';
import { unknownFeatures } from './unknown-features.ts';
import { UsageError } from './usage-error.ts';

export interface OpenapiArgs {
  readonly path: readonly string[];
  readonly features: readonly string[];
  readonly modules: readonly string[];
  readonly out: string | undefined;
}

export const openapiCommand = (args: OpenapiArgs, out: (text: string) => void, err: (line: string) => void): number => {
  if (args.modules.length === 0) throw new UsageError('give at least one module (name or file)');
  const options = compileOptions(args.path, args.modules, args.features);
  const result = compileSchema(options);
  for (const d of result.diagnostics) if (d.severity === 'error') err(formatDiagnostic(d));
  const unknown = unknownFeatures(options.features ?? new Map(), result.context);
  for (const problem of unknown) err(`rxconf openapi: ${problem}`);
  if (!result.ok || unknown.length > 0) return 1;
  const text = `${JSON.stringify(openapiDocument(result.context), null, 2)}\n`;
  if (args.out === undefined) out(text);
  else writeFileSync(args.out, text);
  return 0;
};
