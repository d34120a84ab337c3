/** What deref() returns (RFC 7950 §10.3.1): the nodes a leafref or instance-identifier value refers to. */
import type { TypeMeta } from '../meta/meta.ts';
import { validateValue, type YangValue } from '../types/index.ts';
import type { XNode } from '../xpath/index.ts';
import { canonicalText } from './canonical-text.ts';
import { instanceIdentifierTargets } from './instance-identifier-targets.ts';
import { leafrefTargets } from './leafref-targets.ts';
import type { ValidationRun } from './validation-run.ts';
import type { XDataNode } from './x-data-node.ts';

const isReference = (t: TypeMeta): boolean => t.base === 'leafref' || t.base === 'instance-identifier' || t.base === 'union';

function targetsOf(run: ValidationRun, node: XDataNode, type: TypeMeta, value: YangValue): readonly XNode[] {
  switch (type.base) {
    case 'leafref':
      return type.path === undefined ? [] : leafrefTargets(run, type.path, node, canonicalText(type, value));
    case 'instance-identifier':
      return typeof value === 'string' ? instanceIdentifierTargets(run.root, value) : [];
    case 'union':
      // The first member the value is valid for, unless it is a reference that finds nothing.
      for (const m of type.members ?? []) {
        if (!validateValue(m, value).ok) continue;
        const found = targetsOf(run, node, m, value);
        if (found.length > 0 || !isReference(m)) return found;
      }
      return [];
    default:
      return [];
  }
}

export function referencedNodes(run: ValidationRun, node: XDataNode): readonly XNode[] {
  const s = node.schema;
  if ((s?.kind !== 'leaf' && s?.kind !== 'leaf-list') || node.value === undefined) return [];
  return targetsOf(run, node, s.type, node.value as YangValue);
}
