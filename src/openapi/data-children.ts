/** The data nodes under a holder, choices and cases looked through (they have no instance of their own). */
import type { DataDef, DataNodeMeta } from '../meta/meta.ts';

export const dataChildren = (children: readonly DataDef[]): DataNodeMeta[] =>
  children.flatMap((c) => (c.kind === 'choice' ? c.cases.flatMap((k) => dataChildren(k.children)) : [c]));
