/**
 * The `--features` names that match nothing: a module that is not loaded,
 * or a feature its module does not define. yanglint refuses both (exit 1);
 * so does rxconf, rather than silently serving a schema nobody asked for.
 */
import type { SchemaContext } from '../meta/meta.ts';

export const unknownFeatures = (choice: ReadonlyMap<string, ReadonlySet<string>>, context: SchemaContext): string[] => {
  const problems: string[] = [];
  for (const [moduleName, names] of choice) {
    const module = context.modules.get(moduleName);
    if (module === undefined) {
      problems.push(`--features ${moduleName}: no module "${moduleName}" is loaded`);
      continue;
    }
    for (const name of names) {
      if (name !== '*' && !module.features.has(name)) problems.push(`--features ${moduleName}: module "${moduleName}" has no feature "${name}"`);
    }
  }
  return problems;
};
