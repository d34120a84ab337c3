/**
 * Compiling as the server and every CLI command do: the schema, then the
 * feature choices checked against it (a module or feature that matches
 * nothing is a problem, as for yanglint). Not ok when either failed.
 */
import { compileSchema, type CompileOptions, type CompileResult } from './compile-schema.ts';
import { unknownFeatures } from './unknown-features.ts';

export interface CheckedCompile extends CompileResult {
  /** The feature choices that match nothing, one sentence each. */
  readonly unknownFeatures: readonly string[];
}

export const compileWithFeatures = (options: CompileOptions): CheckedCompile => {
  const result = compileSchema(options);
  const unknown = unknownFeatures(options.features ?? new Map(), result.context);
  return { ...result, ok: result.ok && unknown.length === 0, unknownFeatures: unknown };
};
