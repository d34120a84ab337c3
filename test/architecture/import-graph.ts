/**
 * The import graph of a source tree by dependency-cruiser, with the layer
 * rules of .dependency-cruiser.mjs: the imports they forbid, and the cycles
 * of its folder graph (one node per top-level folder of src/).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';

export interface Layer {
  readonly folders: readonly string[];
  readonly role: string;
}

interface CruiserConfig {
  readonly layers: readonly Layer[];
  readonly default: { readonly forbidden: IForbiddenRuleType[]; readonly options: Record<string, unknown> };
}

export const repoRoot = join(import.meta.dirname, '..', '..');

export const cruiserConfig = async (): Promise<CruiserConfig> =>
  (await import(pathToFileURL(join(repoRoot, '.dependency-cruiser.mjs')).href)) as CruiserConfig;

export interface ImportGraph {
  /** `rule: from -> to` for every import a rule forbids. */
  readonly violations: readonly string[];
  /** Each cycle of the folder graph, as its folders. */
  readonly cycles: readonly (readonly string[])[];
}

/** The top-level folder of a module of src/ (`src/actors/nodes/x.ts` → `actors`), undefined for src/index.ts. */
const folderOf = (source: string): string | undefined => /^src\/([^/]+)\//.exec(source)?.[1];

/** The cycles among the folders: each strongly connected set of two or more, in a walk order. */
const cyclesOf = (edges: ReadonlyMap<string, readonly string[]>): string[][] => {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, index.size);
    low.set(v, index.get(v) as number);
    stack.push(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v) as number, low.get(w) as number));
      } else if (stack.includes(w)) {
        low.set(v, Math.min(low.get(v) as number, index.get(w) as number));
      }
    }
    if (low.get(v) === index.get(v)) {
      const set = stack.splice(stack.indexOf(v));
      if (set.length > 1) cycles.push(set);
    }
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return cycles;
};

/** The import graph of `<baseDir>/src`. */
export const importGraph = async (baseDir: string): Promise<ImportGraph> => {
  const { default: config } = await cruiserConfig();
  const reported = await cruise(['src'], { ...config.options, baseDir, ruleSet: { forbidden: config.forbidden }, validate: true, outputType: 'json' });
  const result = (typeof reported.output === 'string' ? JSON.parse(reported.output) : reported.output) as ICruiseResult;
  const violations = result.summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`);
  const edges = new Map<string, Set<string>>();
  for (const m of result.modules) {
    const from = folderOf(m.source);
    if (from === undefined) continue; // src/index.ts, the entry, is in no folder
    const to = edges.get(from) ?? new Set<string>();
    edges.set(from, to);
    for (const d of m.dependencies) {
      const folder = folderOf(d.resolved);
      if (folder !== undefined && folder !== from) to.add(folder);
    }
  }
  return { violations, cycles: cyclesOf(new Map([...edges].map(([k, v]) => [k, [...v]]))) };
};
