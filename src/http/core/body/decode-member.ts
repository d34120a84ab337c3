/**
 * The value of one body member → what an edit writes: a DataContainer for a
 * container or list entry, a value for a leaf, values for a leaf-list, `{any}`
 * for anydata. Configuration only (a state node in the body is an error);
 * RFC 7951 values in the strict mode, the lenient simplified forms otherwise.
 */
import type { FieldValue } from '../../../actors/index.ts';
import type { DataContainer } from '../../../data/data-container.ts';
import { formatPath, type DataPath } from '../../../data/data-path.ts';
import { decodeData, type NumberTexts } from '../../../data/json/index.ts';
import { restconfError, RestconfFailure } from '../../../errors/index.ts';
import type { DataNodeMeta, LeafListMeta, LeafMeta, SchemaContext } from '../../../meta/meta.ts';
import { decodeJson, type YangValue } from '../../../types/index.ts';
import { identityLookup } from '../identity-lookup.ts';
import { bodyError } from './body-error.ts';

export interface DecodeScope {
  readonly strict: boolean;
  readonly schema: SchemaContext;
  readonly numbers: NumberTexts;
}

const scalar = (meta: LeafMeta | LeafListMeta, json: unknown, path: DataPath, scope: DecodeScope): YangValue => {
  const r = decodeJson(meta.type, json, { strict: scope.strict, leafModule: meta.module.name, identity: identityLookup(scope.schema), schema: scope.schema });
  if (r.ok) return r.value;
  const at = formatPath(path);
  throw new RestconfFailure(r.errors.map((e) => restconfError('invalid-value', e.message, { appTag: e.appTag, path: at })));
};

/** `path`: the instance path of the node (for a list, of the list, without keys). */
export const decodeMember = (meta: DataNodeMeta, json: unknown, path: DataPath, scope: DecodeScope): DataContainer | FieldValue => {
  // the path is written out only for an error: a good body never needs it
  if (!meta.config) throw bodyError('unknown-element', `"${meta.name}" is state data (config false) and cannot be written`, formatPath(path));
  const options = { strict: scope.strict, content: 'config' as const, schema: scope.schema, path, numbers: scope.numbers };
  switch (meta.kind) {
    case 'container': {
      const r = decodeData(json, meta, options);
      if (!r.ok) throw new RestconfFailure(r.errors);
      return r.value;
    }
    case 'list': {
      const entries = Array.isArray(json) ? json : scope.strict ? undefined : [json];
      if (entries === undefined || entries.length !== 1) {
        throw bodyError('invalid-value', `"${meta.name}" must hold exactly one list entry, as a one-element array`, formatPath(path));
      }
      const r = decodeData(entries[0], meta, options);
      if (!r.ok) throw new RestconfFailure(r.errors);
      return r.value;
    }
    case 'leaf':
      return scalar(meta, json, path, scope);
    case 'leaf-list': {
      if (!Array.isArray(json)) throw bodyError('invalid-value', `leaf-list "${meta.name}" takes a JSON array of values`, formatPath(path));
      return json.map((v) => scalar(meta, v, path, scope));
    }
    case 'anydata': case 'anyxml':
      return { any: json };
  }
};
