/**
 * Tree-level validation of an operation's input or output, or of a
 * notification's content (RFC 7950 §7.14-7.16). Its expressions see the
 * operation or notification instance and, when given, the datastore (RFC
 * 7950 §6.4.1): an rpc or top-level notification is a child of the root, an
 * action or nested notification a child of the instance at `parent`.
 */
import type { DataContainer } from '../data/data-container.ts';
import type { DataPath } from '../data/data-path.ts';
import type { RestconfError } from '../errors/index.ts';
import type { ModuleMeta, NotificationMeta, OperationMeta, SchemaContext } from '../meta/meta.ts';
import { checkNode } from './check-node.ts';
import type { Content } from './holder-plan.ts';
import { placeInstance } from './place-instance.ts';
import { ValidationRun } from './validation-run.ts';
import { treeModules } from './validate-tree.ts';
import { walkHolder } from './walk-tree.ts';
import { xDataRoot, type XDataNode } from './x-data-node.ts';

export interface ValidateSubtreeOptions {
  readonly schema: SchemaContext;
  /** The datastore the expressions may read; empty when not given. */
  readonly datastore?: ReadonlyMap<string, DataContainer>;
  /** How much of the datastore they see. Default `all` (state data and configuration, RFC 7950 §6.4.1). */
  readonly content?: Content;
  /** For an action or a notification defined in a data node: the path of the instance it is for. */
  readonly parent?: DataPath;
}

const NO_ROOTS: ReadonlyMap<string, DataContainer> = new Map();

function operationOf(content: DataContainer): OperationMeta | NotificationMeta {
  const m = content.meta;
  if (m.kind === 'notification') return m;
  if ((m.kind === 'input' || m.kind === 'output') && (m.parent?.kind === 'rpc' || m.parent?.kind === 'action')) return m.parent;
  throw new TypeError(`validateSubtree takes input, output or notification content, not a ${m.kind}`);
}

const topModule = (op: OperationMeta | NotificationMeta, parent: DataPath | undefined): ModuleMeta =>
  (parent?.segments[0]?.meta ?? op).module;

export function validateSubtree(content: DataContainer, options: ValidateSubtreeOptions): RestconfError[] {
  const op = operationOf(content);
  const datastore = options.datastore ?? NO_ROOTS;
  const nested = options.parent !== undefined && options.parent.segments.length > 0;
  const placed = nested ? placeInstance(datastore, options.parent as DataPath, topModule(op, options.parent)) : undefined;
  const roots = placed?.roots ?? datastore;
  const at = placed === undefined ? 'root' : (placed.chain[placed.chain.length - 1] as DataContainer);
  const root = xDataRoot({
    roots, schema: options.schema, content: options.content ?? 'all',
    modules: treeModules(options.schema, roots), attachment: { at, meta: op, content },
  });
  let holder: XDataNode | undefined = root;
  for (const c of placed?.chain.slice(1) ?? []) holder = holder?.children().find((k) => k.container === c);
  const node = holder?.children().find((k) => k.container === content);
  if (node === undefined) throw new TypeError(`the instance of "${op.name}" could not be placed in the tree`);
  const run = new ValidationRun(root, options.schema);
  checkNode(run, node);
  walkHolder(run, node, true);
  return run.errors;
}
