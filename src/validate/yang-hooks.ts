/**
 * The schema-aware YANG XPath functions (RFC 7950 §10) over the accessible
 * tree: derived-from(-or-self) through identity bases, enum-value through the
 * leaf's enumeration, deref through leafref paths and instance-identifiers.
 */
import type { EnumMeta, TypeMeta } from '../meta/meta.ts';
import { isDerivedFrom, type YangValue } from '../types/index.ts';
import type { XNode, YangFunctions } from '../xpath/index.ts';
import { referencedNodes } from './referenced-nodes.ts';
import type { ValidationRun } from './validation-run.ts';
import { XDataNode } from './x-data-node.ts';

function enumOf(type: TypeMeta, name: string): EnumMeta | undefined {
  if (type.base === 'enumeration') return type.enums?.find((e) => e.name === name);
  if (type.base === 'union') {
    for (const m of type.members ?? []) {
      const e = enumOf(m, name);
      if (e !== undefined) return e;
    }
  }
  if (type.base === 'leafref' && type.target !== undefined) return enumOf(type.target.type, name);
  return undefined;
}

export function yangHooks(run: ValidationRun): YangFunctions {
  const identity = (key: string) => {
    const colon = key.indexOf(':');
    return run.schema.modules.get(key.slice(0, colon))?.identities.get(key.slice(colon + 1));
  };
  return {
    derivedFrom: (value, base, orSelf) => {
      const id = identity(value);
      const b = run.schema.modules.get(base.module)?.identities.get(base.name);
      if (id === undefined || b === undefined) return false;
      return (orSelf && id === b) || isDerivedFrom(id, b);
    },
    enumValue: (node: XNode) => {
      if (!(node instanceof XDataNode) || node.value === undefined) return undefined;
      const s = node.schema;
      if (s?.kind !== 'leaf' && s?.kind !== 'leaf-list') return undefined;
      const v = node.value as YangValue;
      return typeof v === 'string' ? enumOf(s.type, v)?.value : undefined;
    },
    deref: (node: XNode) => (node instanceof XDataNode ? referencedNodes(run, node) : []),
  };
}
