/**
 * How modules are named wherever YANG is loaded (the server's options, the
 * CLI's --path, --features and module arguments): search path, module
 * requests and feature choices as compileSchema takes them.
 */
import { existsSync } from 'node:fs';
import { dirname } from 'node:path';
import type { CompileOptions } from './compile-schema.ts';
import type { ModuleRequest } from './load-sources.ts';

/** A feature choice not written `MODULE:FEATURE[,FEATURE...]` (the CLI reports it as a usage error). */
export class FeatureSyntaxError extends Error {
  override readonly name = 'FeatureSyntaxError';
}

export const splitPath = (values: readonly string[]): string[] =>
  values.flatMap((v) => v.split(':')).filter((d) => d !== '');

/** `--features mod:a,b` (repeatable); `mod:` alone disables all of mod's features, `mod:*` enables all. */
export const parseFeatures = (values: readonly string[]): Map<string, Set<string>> => {
  const out = new Map<string, Set<string>>();
  for (const v of values) {
    const i = v.indexOf(':');
    if (i <= 0) throw new FeatureSyntaxError(`--features takes MODULE:FEATURE[,FEATURE...], not "${v}"`);
    const set = out.get(v.slice(0, i)) ?? new Set<string>();
    for (const f of v.slice(i + 1).split(',')) if (f !== '') set.add(f);
    out.set(v.slice(0, i), set);
  }
  return out;
};

/** A module argument is a file when it names one, else a module name (`name` or `name@revision`). */
export const moduleRequest = (arg: string): ModuleRequest => {
  if (arg.endsWith('.yang') || existsSync(arg)) return { file: arg };
  const [name = arg, revision] = arg.split('@');
  return revision === undefined ? { name } : { name, revision };
};

export const compileOptions = (paths: readonly string[], modules: readonly string[], features: readonly string[]): CompileOptions => {
  const requests = modules.map(moduleRequest);
  const fileDirs = requests.flatMap((r) => ('file' in r ? [dirname(r.file)] : []));
  return {
    searchPath: [...new Set([...splitPath(paths), ...fileDirs])],
    modules: requests,
    features: parseFeatures(features),
  };
};
