/**
 * A member name as JSON text (`"name"`, or `"module:name"` where
 * src/data/json's rules qualify it), made once per schema node and mode: a
 * read writes the same few names over and over.
 */
import type { HolderMeta } from '../../data/data-container.ts';
import { memberLabel } from '../../data/json/member-label.ts';
import { holderIndex } from '../../data/json/name-index.ts';
import type { DataNodeMeta, ModuleMeta } from '../../meta/meta.ts';

/** Slots: [plain inside its parent, strict inside, plain at the document's top, strict at the top]. */
const texts = new WeakMap<DataNodeMeta, (string | undefined)[]>();

/**
 * `meta`'s name inside an object whose module is `parentModule` (undefined
 * at the top of a document), `holder` being its data parent (the module for
 * a top-level node). Inside an object the parent's module is the holder's,
 * so the text depends only on the node, the mode and whether it is on top.
 */
export const nameText = (meta: DataNodeMeta, parentModule: ModuleMeta | undefined, strict: boolean, holder: HolderMeta): string => {
  let slots = texts.get(meta);
  if (slots === undefined) {
    slots = [undefined, undefined, undefined, undefined];
    texts.set(meta, slots);
  }
  const slot = (parentModule === undefined ? 2 : 0) + (strict ? 1 : 0);
  let text = slots[slot];
  if (text === undefined) {
    text = meta.module === parentModule ? JSON.stringify(meta.name) : JSON.stringify(memberLabel(meta, parentModule, strict, holderIndex(holder)));
    if (parentModule === undefined || parentModule === holderModule(holder)) slots[slot] = text;
  }
  return text;
};

const holderModule = (holder: HolderMeta): ModuleMeta => (holder.kind === 'module' ? holder : holder.module);
