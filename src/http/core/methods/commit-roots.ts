/**
 * A PUT or PATCH of the datastore or a module root: one edit of each
 * module's root, module by module (each its own transaction; a failure stops
 * the rest). PUT replaces every module given — and, for the datastore, empties
 * the configuration of every served module the body leaves out. Modules go
 * in import order (a module after those it imports), so references into
 * another module (leafrefs to its interfaces...) find their targets.
 */
import { commitEdit, type Browser } from '../../../actors/index.ts';
import { DataContainer } from '../../../data/data-container.ts';
import type { Call } from '../call.ts';

/** The browsers, each after the ones whose modules it imports (input order otherwise). */
const importOrder = (browsers: readonly Browser[]): Browser[] => {
  const byName = new Map(browsers.map((b) => [b.module.name, b]));
  const out: Browser[] = [];
  const seen = new Set<string>();
  const visit = (b: Browser): void => {
    if (seen.has(b.module.name)) return;
    seen.add(b.module.name);
    for (const i of b.module.imports) {
      const dep = byName.get(i.module);
      if (dep !== undefined) visit(dep);
    }
    out.push(b);
  };
  for (const b of browsers) visit(b);
  return out;
};

export const commitRoots = async (
  call: Call, trees: ReadonlyMap<string, DataContainer>, operation: 'replace' | 'merge', browsers: readonly Browser[],
): Promise<void> => {
  for (const browser of importOrder(browsers)) {
    const input = trees.get(browser.module.name) ?? (operation === 'replace' ? new DataContainer(browser.module) : undefined);
    if (input === undefined) continue;
    await commitEdit(call.settings.device, browser, { steps: [], operation, input, context: call.context });
  }
};
