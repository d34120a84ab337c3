/**
 * A node's name as RFC 7951 §4 writes it: `module:name` where the node's
 * module differs from the module around it (the parent's; undefined at the
 * top level, where every name is qualified), the bare name otherwise. JSON
 * member names, data paths, journal record paths and generated names all
 * follow it.
 */
import type { ModuleMeta } from './meta.ts';

export const qualifiedName = (node: { readonly name: string; readonly module: ModuleMeta }, around: ModuleMeta | undefined): string =>
  node.module === around ? node.name : `${node.module.name}:${node.name}`;
