/** Compiles a runtime fixture and builds browsers over in-memory data, optionally traced. */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Browser } from '../../src/actors/browser.ts';
import type { TargetStep } from '../../src/actors/navigate.ts';
import { DataContainerNode } from '../../src/actors/nodes/data-node.ts';
import { traceNode, type TraceEntry } from '../../src/actors/nodes/trace-node.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ModuleMeta, SchemaContext, SchemaNode } from '../../src/meta/meta.ts';
import { schemaChild, type SchemaHolder } from '../../src/meta/navigate.ts';
import type { YangValue } from '../../src/types/value.ts';

const fixtures = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'yang');

export const loadFixture = (dir: string, file: string): { schema: SchemaContext; module: ModuleMeta } => {
  const r = compileSchema({ searchPath: [join(fixtures, dir), join(fixtures, 'features')], modules: [{ file: join(fixtures, dir, file) }] });
  if (!r.ok) throw new Error(r.diagnostics.map((d) => d.message).join('\n'));
  const name = file.replace(/\.yang$/, '');
  const module = r.context.modules.get(name);
  if (module === undefined) throw new Error(`no module ${name}`);
  return { schema: r.context, module };
};

/** The schema node at a slash-separated path of names (choice/case names may be skipped). */
export const metaAt = (module: ModuleMeta, path: string): SchemaNode => {
  let at: SchemaHolder = module;
  for (const name of path.split('/')) {
    const next = schemaChild(at, undefined, name);
    if (next === undefined) throw new Error(`no ${name} in ${at.name}`);
    at = next;
  }
  return at as SchemaNode;
};

/** Target steps for a path like `parent/item=3/sub` (keys are given as values). */
export const stepsTo = (module: ModuleMeta, path: string, keys: Record<string, readonly YangValue[]> = {}): TargetStep[] => {
  const steps: TargetStep[] = [];
  let at: SchemaHolder = module;
  for (const name of path.split('/')) {
    const next = schemaChild(at, undefined, name);
    if (next === undefined) throw new Error(`no ${name}`);
    steps.push(next.kind === 'list' ? { meta: next, key: keys[name] } : ({ meta: next } as TargetStep));
    at = next;
  }
  return steps;
};

export interface TracedStore {
  readonly data: DataContainer;
  readonly browser: Browser;
  readonly log: TraceEntry[];
}

export const tracedStore = (schema: SchemaContext, module: ModuleMeta, data = new DataContainer(module)): TracedStore => {
  const log: TraceEntry[] = [];
  const browser = new Browser(module, schema, () => traceNode(new DataContainerNode(data), log));
  return { data, browser, log };
};

export const hooks = (log: readonly TraceEntry[]): string[] =>
  log.filter((e) => e.call === 'beginEdit' || e.call === 'endEdit').map((e) => `${e.call} ${e.path} ${e.detail}`.trimEnd());
