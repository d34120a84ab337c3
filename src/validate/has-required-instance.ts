/**
 * require-instance (RFC 7950 §9.9.3, §9.13.2): a leafref value must be the
 * value of one of the nodes its path selects; an instance-identifier must
 * select a node.
 */
import type { TypeMeta } from '../meta/meta.ts';
import { validateValue, type YangValue } from '../types/index.ts';
import { canonicalText } from './canonical-text.ts';
import { instanceIdentifierTargets } from './instance-identifier-targets.ts';
import { leafrefHolds } from './leafref-targets.ts';
import type { ValidationRun } from './validation-run.ts';
import type { XDataNode } from './x-data-node.ts';

/** True for a type that needs its instance checked (a leafref or instance-identifier, maybe in a union). */
export const checksInstance = (type: TypeMeta): boolean =>
  ((type.base === 'leafref' || type.base === 'instance-identifier') && type.requireInstance) ||
  (type.base === 'union' && (type.members ?? []).some(checksInstance));

/**
 * Whether the value of `node` (of type `type`) has its required instance.
 * In a union, the first member the value is valid for decides; a leafref
 * member whose instance is missing lets later members try (as libyang does).
 */
export function hasRequiredInstance(run: ValidationRun, node: XDataNode, type: TypeMeta, value: YangValue): boolean {
  switch (type.base) {
    case 'leafref':
      return !type.requireInstance || type.path === undefined || leafrefHolds(run, type.path, node, canonicalText(type, value));
    case 'instance-identifier':
      return !type.requireInstance || (typeof value === 'string' && instanceIdentifierTargets(run.root, value).length > 0);
    case 'union': {
      let missing = false;
      for (const m of type.members ?? []) {
        if (!validateValue(m, value).ok) continue;
        if (!checksInstance(m) || hasRequiredInstance(run, node, m, value)) return true;
        missing = true;
      }
      return !missing;
    }
    default:
      return true;
  }
}
