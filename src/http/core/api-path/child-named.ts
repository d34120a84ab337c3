/**
 * One api-path step below a schema node: the data node, action or
 * notification a segment names. A qualifier must be the node's module;
 * unqualified, a name means the node in the parent's module (RFC 8040
 * §3.5.3, RFC 7951 §4), and in the simplified mode also a node of another
 * module when only one has that name.
 */
import type { RestconfError } from '../../../errors/index.ts';
import type {
  ContainerMeta, DataNodeMeta, ListMeta, ModuleMeta, NotificationMeta, OperationMeta, SchemaContext,
} from '../../../meta/meta.ts';
import { dataChildren } from '../../../meta/navigate.ts';
import type { ApiPathSegment } from '../../../parser/expr/index.ts';
import { pathError } from './path-error.ts';

export type StepHolder = ModuleMeta | ContainerMeta | ListMeta;
export type StepNode = DataNodeMeta | OperationMeta | NotificationMeta;

const byName = new WeakMap<StepHolder, ReadonlyMap<string, readonly StepNode[]>>();
const NONE: readonly StepNode[] = [];

/** The nodes a step below `holder` may name, by name (computed once per holder). */
const candidates = (holder: StepHolder, name: string): readonly StepNode[] => {
  let index = byName.get(holder);
  if (index === undefined) {
    const all: StepNode[] = holder.kind === 'module'
      ? [...dataChildren(holder.children), ...holder.rpcs, ...holder.notifications]
      : [...dataChildren(holder.children), ...holder.actions, ...holder.notifications];
    const map = new Map<string, StepNode[]>();
    for (const c of all) map.set(c.name, [...(map.get(c.name) ?? []), c]);
    index = map;
    byName.set(holder, index);
  }
  return index.get(name) ?? NONE;
};

const label = (holder: StepHolder): string => (holder.kind === 'module' ? `module "${holder.name}"` : `${holder.kind} "${holder.name}"`);

/** `at()`: the error-path of the holder, formatted only when there is an error. */
export const childNamed = (
  holder: StepHolder, segment: ApiPathSegment, schema: SchemaContext, strict: boolean, where: () => string,
): { ok: true; node: StepNode } | { ok: false; error: RestconfError } => {
  const found = candidates(holder, segment.name);
  const { module } = segment;
  if (module !== undefined) {
    const hit = found.find((c) => c.module.name === module);
    if (hit !== undefined) return { ok: true, node: hit };
    const at = where();
    if (!schema.modules.has(module)) return { ok: false, error: pathError('unknown-namespace', `"${module}" in "${module}:${segment.name}" is not the name of a module`, at) };
    if (found.length > 0) {
      return { ok: false, error: pathError('unknown-namespace', `"${segment.name}" in ${label(holder)} is in module ${found.map((c) => c.module.name).join(', ')}, not ${module}`, at) };
    }
    return { ok: false, error: pathError('unknown-element', `${label(holder)} has no node "${module}:${segment.name}"`, at) };
  }
  const holderModule = holder.kind === 'module' ? holder : holder.module;
  const own = found.find((c) => c.module === holderModule);
  if (own !== undefined) return { ok: true, node: own };
  const [only] = found;
  const at = where();
  if (only === undefined) return { ok: false, error: pathError('unknown-element', `${label(holder)} has no node "${segment.name}"`, at) };
  if (strict || found.length > 1) {
    const as = found.map((c) => `"${c.module.name}:${c.name}"`).join(' or ');
    return { ok: false, error: pathError('unknown-namespace', `"${segment.name}" is not in the module of ${label(holder)}: qualify it as ${as}`, at) };
  }
  return { ok: true, node: only };
};
