/**
 * The JSON writer: a node that reads copy into. Each call appends text to a
 * shared buffer, in the order a read walks the schema, so the answer streams
 * as it is read. `strict` gives RFC 7951 (module-qualified names where the
 * namespace changes, typed values); plain gives unqualified names. Names
 * and values are turned into text by encoders made once per schema node
 * (json-name-text.ts, json-value-text.ts).
 */
import { Buffer } from 'node:buffer';
import type { HolderMeta } from '../../data/data-container.ts';
import type { DataNodeMeta, LeafListMeta, LeafMeta, ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import type { FieldValue } from '../../data/field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { ChildRequest, FieldRequest, NextRequest } from '../requests.ts';
import { CHUNK_BYTES, giveBackChunkBytes, lendChunk } from '../../base/chunk-bytes.ts';
import { nameText } from './json-name-text.ts';
import { valueText } from './json-value-text.ts';

/**
 * What a read has written and not handed out yet. Writers append to `text`
 * (one string: appending builds a rope the engine flattens once), or put
 * bytes at `at` in `bytes` after asking for `room` (json-bytes.ts: the fast
 * path's JSON, written as it is walked, with no rope to flatten). A long
 * read moves its text into bytes as it goes (`spill`), so that no long rope
 * lives while more is written: its pieces die young, and a list of any
 * length is written with the same few short-lived objects. The bytes of a
 * chunk are lent (chunk-bytes.ts) and come back once a transport copied
 * them out, so a streamed answer makes no buffer per chunk. A small answer
 * is handed out as a string (its bytes given back at once).
 *
 * Text always follows bytes: `room` spills the text first.
 *
 * A `dropping` buffer (a counting pass) keeps nothing: what is spilled or
 * taken is dropped, only its size counts until the next take.
 */
export class JsonBuffer {
  text = '';
  /** The bytes being filled (valid after `room`), a view of them, and how far they are. */
  bytes: Buffer = NO_BYTES;
  view: DataView = NO_VIEW;
  at = 0;
  /** Bytes a dropping buffer dropped since the last take. */
  #dropped = 0;

  constructor(readonly strict: boolean, private readonly dropping = false) {}

  push(s: string): void {
    this.text += s;
  }

  /** Characters and bytes held (a measure for flushing, not an exact length). */
  get size(): number {
    return this.#dropped + this.at + this.text.length;
  }

  /** Makes room for `n` more bytes at `at` in `bytes`, the text written so far moved in first; answers `bytes`. */
  room(n: number): Buffer {
    if (this.text.length !== 0) this.spill();
    const bytes = this.bytes;
    return this.at + n <= bytes.length ? bytes : this.#grow(n);
  }

  #grow(n: number): Buffer {
    const bytes = this.bytes;
    const filled = this.at;
    if (this.dropping) {
      this.#dropped += filled;
      this.at = 0;
      if (n > scratch.length) scratch = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, n));
      return bytes === scratch ? bytes : this.#fill(scratch);
    }
    if (bytes === NO_BYTES && n <= CHUNK_BYTES) {
      // a kept buffer comes with its view: nothing is made for it
      const chunk = lendChunk();
      this.bytes = chunk.bytes;
      this.view = chunk.view;
      return chunk.bytes;
    }
    // a chunk past its buffer (a long value): a buffer of its own, the lent one given back unseen
    const grown = Buffer.allocUnsafeSlow(Math.max(CHUNK_BYTES, 2 * filled + n));
    if (bytes !== NO_BYTES) {
      bytes.copy(grown, 0, 0, filled);
      giveBackChunkBytes(bytes);
    }
    return this.#fill(grown);
  }

  #fill(bytes: Buffer): Buffer {
    this.bytes = bytes;
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.length);
    return bytes;
  }

  /** Moves the text written so far into the bytes of the chunk being filled. */
  spill(): void {
    const t = this.text;
    if (t === '') return;
    this.text = '';
    const bytes = this.room(t.length * 3);
    this.at += bytes.write(t, this.at, 'utf8');
  }

  /** Takes what was written so far: a string when it is short or nothing was spilled, else UTF-8 bytes (whole characters). */
  take(): string | Uint8Array {
    if (this.dropping) {
      this.text = '';
      this.at = 0;
      this.#dropped = 0;
      return '';
    }
    const bytes = this.bytes;
    if (bytes === NO_BYTES) {
      const s = this.text;
      this.text = '';
      return s;
    }
    if (this.at + this.text.length < SPILL_AT) {
      const s = (bytes as Utf8Sliceable).utf8Slice(0, this.at) + this.text;
      this.text = '';
      this.#release();
      giveBackChunkBytes(bytes);
      return s;
    }
    this.spill();
    const out = this.bytes.subarray(0, this.at);
    this.#release();
    return out;
  }

  /** The read stopped (cancelled, failed): what it holds is never handed out, and its lent bytes go back. */
  drop(): void {
    const bytes = this.bytes;
    this.text = '';
    this.#release();
    if (bytes !== NO_BYTES) giveBackChunkBytes(bytes);
  }

  #release(): void {
    this.bytes = NO_BYTES;
    this.view = NO_VIEW;
    this.at = 0;
  }
}

/** Buffer's own UTF-8 decoding (what toString('utf8', from, to) calls, without its argument checks). */
type Utf8Sliceable = Buffer & { utf8Slice(from: number, to: number): string };

const NO_BYTES = Buffer.alloc(0);
const NO_VIEW = new DataView(NO_BYTES.buffer, NO_BYTES.byteOffset, 0);

/** What dropping buffers write into: never read, so one for all of them (a counting pass makes no buffer). */
let scratch: Buffer = NO_BYTES;

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

  /** Writes the metadata object of the member `field` wrote for `r` (RFC 7952 §5.2.1: its name with "@" before it), `json` its text. */
  annotate(r: FieldRequest, json: string): void {
    const name = nameText(r.meta as DataNodeMeta, this.module, this.buf.strict, r.selection.meta as HolderMeta);
    this.buf.text += `${this.comma()}"@${name.slice(1)}:${json}`;
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
