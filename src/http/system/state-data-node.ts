/**
 * A read-only root node over a module's state data written as an RFC 7951
 * document: decoded into a data tree once per version of the document and
 * served by the same node runtime as any module (depth, fields, content,
 * with-defaults, every sub-path). Edits are refused before any change
 * (operation-not-supported, 405).
 */
import { DataContainerNode } from '../../actors/nodes/data-node.ts';
import { wrapDeep } from '../../actors/nodes/wrap-deep.ts';
import type { Node } from '../../actors/node.ts';
import { emptyContext, type RequestContext } from '../../actors/request-context.ts';
import type { DataContainer } from '../../data/data-container.ts';
import { decodeData } from '../../data/json/index.ts';
import { restconfError, RestconfFailure } from '../../errors/index.ts';
import type { ModuleMeta, SchemaContext } from '../../meta/meta.ts';

/**
 * What a state module serves: its top-level members (RFC 7951 names) and a
 * key that changes whenever they do, for the request whose context is given
 * (URLs in it follow the request's base URL).
 */
export interface StateDocument {
  readonly version: (context: RequestContext) => string;
  readonly build: (context: RequestContext) => Record<string, unknown>;
}

const refuse = (module: ModuleMeta) => (): never => {
  throw new RestconfFailure([restconfError('operation-not-supported', `${module.name} holds state data only: it cannot be edited`, { type: 'protocol', status: 405 })]);
};

export const stateDataRoot = (module: ModuleMeta, schema: SchemaContext, doc: StateDocument): ((context?: RequestContext) => Node) => {
  let cached: { version: string; data: DataContainer } | undefined;
  const current = (context: RequestContext): DataContainer => {
    const version = doc.version(context);
    if (cached?.version === version) return cached.data;
    const decoded = decodeData(doc.build(context), module, { strict: true, content: 'all', schema });
    if (!decoded.ok) throw new Error(`${module.name}: the server built invalid state data: ${decoded.errors.map((e) => e.message).join('; ')}`);
    cached = { version, data: decoded.value };
    return decoded.value;
  };
  const beginEdit = refuse(module);
  return (context = emptyContext) => wrapDeep(new DataContainerNode(current(context)), (n) => {
    n.beginEdit = beginEdit;
    return n;
  });
};
