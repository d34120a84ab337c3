/**
 * The member name a node is written under. Strict (RFC 7951 §4):
 * `module:name` at the top level and where the module differs from the
 * parent's, the bare name otherwise. Simplified: the bare name, unless
 * another node of that name could be meant (an augment that reuses a name,
 * or two modules with the same top-level name): then `module:name`, so that
 * decoding gets the same node back.
 */
import type { DataNodeMeta, ModuleMeta } from '../../meta/meta.ts';
import { qualifiedName } from '../../meta/qualified-name.ts';
import type { NameIndex } from './name-index.ts';

export const memberLabel = (node: DataNodeMeta, parentModule: ModuleMeta | undefined, strict: boolean, index: NameIndex): string => {
  const name = qualifiedName(node, parentModule);
  if (strict || name === node.name) return name;
  return (index.get(node.name)?.length ?? 1) > 1 ? name : node.name;
};
