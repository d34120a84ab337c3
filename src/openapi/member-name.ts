/** A node's RFC 7951 member name: `module:name` at the top and where the module changes, else `name`. */
import type { ModuleMeta } from '../meta/meta.ts';

export const memberName = (node: { readonly name: string; readonly module: ModuleMeta }, parentModule: ModuleMeta | undefined): string =>
  parentModule === node.module ? node.name : `${node.module.name}:${node.name}`;
