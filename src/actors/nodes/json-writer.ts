/**
 * The JSON writer: a node that reads copy into. Each call appends text to a
 * shared buffer, in the order a read walks the schema, so the answer streams
 * as it is read. `strict` gives RFC 7951 (module-qualified names where the
 * namespace changes, typed values); plain gives unqualified names. Names
 * and values are turned into text by encoders made once per schema node
 * (json-name-text.ts, json-value-text.ts).
 */
import type { HolderMeta } from '../../data/data-container.ts';
import type { DataNodeMeta, LeafListMeta, LeafMeta, ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import type { FieldValue } from '../field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { ChildRequest, FieldRequest, NextRequest } from '../requests.ts';
import { CHUNK_BYTES, giveBackChunkBytes, lendChunkBytes } from './chunk-bytes.ts';
import { nameText } from './json-name-text.ts';
import { valueText } from './json-value-text.ts';

/**
 * What a read has written and not handed out yet. Writers append to `text`
 * (one string: appending builds a rope the engine flattens once). A long
 * read moves its text into bytes as it goes (`spill`), so that no long rope
 * lives while more is written: its pieces die young, and a list of any
 * length is written with the same few short-lived objects. The bytes of a
 * chunk are lent (chunk-bytes.ts) and come back once a transport copied
 * them out, so a streamed answer makes no buffer per chunk. A small answer
 * is never spilled and is handed out as the string it is.
 *
 * A `dropping` buffer (a counting pass) keeps nothing: what is spilled or
 * taken is dropped, only its size counts until the next take.
 */
export class JsonBuffer {
  text = '';
  #bytes: Buffer | undefined;
  #filled = 0;

  constructor(readonly strict: boolean, private readonly dropping = false) {}

  push(s: string): void {
    this.text += s;
  }

  /** Characters and bytes held (a measure for flushing, not an exact length). */
  get size(): number {
    return this.#filled + this.text.length;
  }

  /** Moves the text written so far into the bytes of the chunk being filled. */
  spill(): void {
    const t = this.text;
    if (t === '') return;
    this.text = '';
    if (this.dropping) {
      this.#filled += t.length;
      return;
    }
    const most = t.length * 3;
    let bytes = this.#bytes;
    if (bytes === undefined && most <= CHUNK_BYTES) {
      bytes = lendChunkBytes();
      this.#bytes = bytes;
    } else if (bytes === undefined || this.#filled + most > bytes.length) {
      // a chunk past its buffer (a long value): a buffer of its own, the lent one given back unseen
      const grown = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, 2 * this.#filled + most));
      if (bytes !== undefined) {
        bytes.copy(grown, 0, 0, this.#filled);
        giveBackChunkBytes(bytes);
      }
      bytes = grown;
      this.#bytes = grown;
    }
    this.#filled += bytes.write(t, this.#filled, 'utf8');
  }

  /** Takes what was written so far: the string when nothing was spilled, else UTF-8 bytes (whole characters). */
  take(): string | Uint8Array {
    if (this.dropping) {
      this.text = '';
      this.#filled = 0;
      return '';
    }
    if (this.#bytes === undefined) {
      const s = this.text;
      this.text = '';
      return s;
    }
    this.spill();
    const out = (this.#bytes as Buffer).subarray(0, this.#filled);
    this.#bytes = undefined;
    this.#filled = 0;
    return out;
  }

  /** The read stopped (cancelled, failed): what it holds is never handed out, and its lent bytes go back. */
  drop(): void {
    const bytes = this.#bytes;
    this.text = '';
    this.#bytes = undefined;
    this.#filled = 0;
    if (bytes !== undefined) giveBackChunkBytes(bytes);
  }
}

/** A spill of text longer than this is due (write-data.ts, after each list entry). */
export const SPILL_AT = 2048;

export const encodeField = (buf: JsonBuffer, meta: LeafMeta | LeafListMeta | SchemaNode, value: FieldValue): string =>
  valueText(meta as LeafMeta, value, buf.strict);

/** An object being written: the document root, a container or a list entry. */
export class JsonObjectWriter implements Node {
  /** No member written yet (the next one needs no comma). */
  first = true;

  constructor(
    readonly buf: JsonBuffer,
    /** The member name to open with (`"name":`), or '' for the root and list entries. */
    private readonly opening: string,
    /** The module of the object (undefined for the document root). */
    readonly module: ModuleMeta | undefined,
  ) {}

  beginEdit(): void {
    this.buf.text += `${this.opening}{`;
  }

  endEdit(): void {
    this.buf.text += '}';
  }

  comma(): string {
    if (this.first) {
      this.first = false;
      return '';
    }
    return ',';
  }

  child(r: ChildRequest): Node {
    const name = `${this.comma()}${nameText(r.meta, this.module, this.buf.strict, r.selection.meta as HolderMeta)}:`;
    return r.meta.kind === 'list'
      ? new JsonArrayWriter(this.buf, name, r.meta.module)
      : new JsonObjectWriter(this.buf, name, r.meta.module);
  }

  field(r: FieldRequest): undefined {
    if (r.value === undefined) return undefined;
    const buf = this.buf;
    buf.text += `${this.comma()}${nameText(r.meta as DataNodeMeta, this.module, buf.strict, r.selection.meta as HolderMeta)}:${valueText(r.meta, r.value, buf.strict)}`;
    return undefined;
  }

  /** Writes a raw member (annotations such as with-defaults tags). */
  raw(name: string, json: string): void {
    this.buf.text += `${this.comma()}${JSON.stringify(name)}:${json}`;
  }
}

/** A list being written: `"name":[` entries `]`. */
export class JsonArrayWriter implements Node {
  private first = true;

  constructor(
    private readonly buf: JsonBuffer,
    private readonly opening: string,
    private readonly module: ModuleMeta,
  ) {}

  beginEdit(): void {
    this.buf.text += `${this.opening}[`;
  }

  endEdit(): void {
    this.buf.text += ']';
  }

  /** Entries written so far are followed by a comma. */
  get started(): boolean {
    return !this.first;
  }

  /** The next entry is not the first (entries written around the node calls). */
  markStarted(): void {
    this.first = false;
  }

  next(_r: NextRequest): ListItem {
    const sep = this.first ? '' : ',';
    this.first = false;
    return { node: new JsonObjectWriter(this.buf, sep, this.module) };
  }
}
