/** The member scope of a holder: its data children by name, its module and its name for messages. */
import type { HolderMeta } from '../data-container.ts';
import { holderIndex } from './name-index.ts';
import type { MemberScope } from './resolve-member.ts';

export const holderLabel = (holder: HolderMeta): string => {
  switch (holder.kind) {
    case 'module': return `module "${holder.name}"`;
    case 'input': case 'output': return `the ${holder.kind} of "${holder.parent?.name ?? ''}"`;
    default: return `${holder.kind} "${holder.name}"`;
  }
};

export const scopeOf = (holder: HolderMeta): MemberScope => ({
  index: holderIndex(holder),
  parentModule: holder.kind === 'module' ? undefined : holder.module,
  label: holderLabel(holder),
});
