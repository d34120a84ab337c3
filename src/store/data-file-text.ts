/**
 * The data file's text, handed out piece by piece: the same characters as
 * `JSON.stringify(encodeDatastore(roots, { strict: true, schema }), null, 2)`
 * followed by a line break, without the whole document ever existing as
 * objects or as one string. The tree is walked member by member in the
 * encoder's order (memberOrder, memberLabel); each leaf, leaf-list batch
 * and anydata value goes through the encoder's encodeValue and then
 * JSON.stringify, re-indented to its depth. (Walking was faster than
 * encoding and stringifying each list entry whole: at 100,000 entries
 * ~240 against ~280 ms CPU, minimum of 9.)
 */
import type { DataContainer, DataValue, HolderMeta } from '../data/data-container.ts';
import { datastoreScope } from '../data/json/decode-datastore.ts';
import { encodeValue, memberOrder } from '../data/json/encode-members.ts';
import type { EncodeOptions } from '../data/json/encode-options.ts';
import { memberLabel } from '../data/json/member-label.ts';
import { holderIndex, type NameIndex } from '../data/json/name-index.ts';
import type { DataNodeMeta, ModuleMeta, SchemaContext } from '../meta/meta.ts';

const breaks: string[] = ['\n'];

/** A line break and the indentation of `depth` (two spaces a level). */
const lineAt = (depth: number): string => {
  for (let d = breaks.length; d <= depth; d++) breaks.push(`${breaks[d - 1]}  `);
  return breaks[depth] as string;
};

/** `value` as JSON.stringify(value, null, 2) writes it nested `depth` levels deep (its inner lines indented further). */
const textAt = (value: unknown, depth: number): string | undefined => {
  const text = (typeof value === 'object' && value !== null ? JSON.stringify(value, null, 2) : JSON.stringify(value)) as string | undefined;
  return text === undefined || !text.includes('\n') ? text : text.replaceAll('\n', lineAt(depth));
};

/** What comes before each member of a holder at a depth: the line, the quoted label, `: ` (with and without a leading comma). */
interface Heads {
  readonly depth: number;
  readonly first: readonly string[];
  readonly next: readonly string[];
}

const headsOf = (order: readonly DataNodeMeta[], parent: ModuleMeta | undefined, index: NameIndex, depth: number): Heads => {
  const first = order.map((node) => `${lineAt(depth)}${JSON.stringify(memberLabel(node, parent, true, index))}: `);
  return { depth, first, next: first.map((head) => `,${head}`) };
};

const heads = new WeakMap<HolderMeta, Heads>();

/** The heads of a (non-top-level) holder's members at `depth` (a holder sits at one depth in a document; cached). */
const holderHeads = (holder: HolderMeta, depth: number): Heads => {
  let h = heads.get(holder);
  if (h === undefined || h.depth !== depth) {
    h = headsOf(memberOrder(holder), holder.kind === 'module' ? undefined : holder.module, holderIndex(holder), depth);
    heads.set(holder, h);
  }
  return h;
};

/** Entries of a leaf-list encoded at a time. */
const LEAF_LIST_BATCH = 512;

class TextWalk {
  constructor(
    private readonly put: (text: string) => void,
    private readonly options: EncodeOptions,
  ) {}

  /** Writes the members of `container` at `depth`; `wrote` when a member was written before (of another root); returns whether any was. */
  members(container: DataContainer, h: Heads, depth: number, wrote: boolean): boolean {
    const order = memberOrder(container.meta);
    for (let i = 0; i < order.length; i++) {
      const node = order[i] as DataNodeMeta;
      const value = container.get(node);
      if (value === undefined) continue;
      const head = (wrote ? h.next[i] : h.first[i]) as string;
      if (node.kind === 'container') {
        this.put(head);
        this.object(value as DataContainer, depth);
      } else if (node.kind === 'list') {
        this.put(head);
        this.list(value as readonly DataContainer[], depth);
      } else if (node.kind === 'leaf-list') {
        this.put(head);
        this.leafList(node, value, depth);
      } else {
        const text = textAt(encodeValue(node, value, this.options), depth);
        if (text === undefined) continue;
        this.put(head + text);
      }
      wrote = true;
    }
    return wrote;
  }

  /** A container or list entry written at `depth`. */
  private object(container: DataContainer, depth: number): void {
    this.put('{');
    this.put(this.members(container, holderHeads(container.meta, depth + 1), depth + 1, false) ? `${lineAt(depth)}}` : '}');
  }

  private list(entries: readonly DataContainer[], depth: number): void {
    if (entries.length === 0) {
      this.put('[]');
      return;
    }
    const line = lineAt(depth + 1);
    for (let k = 0; k < entries.length; k++) {
      this.put(k === 0 ? `[${line}` : `,${line}`);
      this.object(entries[k] as DataContainer, depth + 1);
    }
    this.put(`${lineAt(depth)}]`);
  }

  private leafList(meta: DataNodeMeta, values: DataValue, depth: number): void {
    const all = values as readonly unknown[];
    if (all.length === 0) {
      this.put('[]');
      return;
    }
    const line = lineAt(depth + 1);
    for (let k = 0; k < all.length; k += LEAF_LIST_BATCH) {
      const encoded = encodeValue(meta, all.slice(k, k + LEAF_LIST_BATCH) as DataValue, this.options) as readonly unknown[];
      let text = '';
      for (let j = 0; j < encoded.length; j++) text += `${k + j === 0 ? '[' : ','}${line}${textAt(encoded[j], depth + 1) ?? 'null'}`;
      this.put(text);
    }
    this.put(`${lineAt(depth)}]`);
  }
}

/** Hands the data file's text of `roots` (every module's root, in the map's order) to `put`, piece by piece, synchronously. */
export const writeDataFileText = (roots: ReadonlyMap<string, DataContainer>, schema: SchemaContext, put: (text: string) => void): void => {
  const walk = new TextWalk(put, { strict: true, schema });
  const index = datastoreScope(schema).index;
  put('{');
  let wrote = false;
  for (const root of roots.values()) {
    wrote = walk.members(root, headsOf(memberOrder(root.meta), undefined, index, 1), 1, wrote);
  }
  put(wrote ? '\n}\n' : '}\n');
};
