/**
 * The JSON writer: a node that reads copy into. Each call appends text to a
 * shared buffer, in the order a read walks the schema, so the answer streams
 * as it is read. `strict` gives RFC 7951 (module-qualified names where the
 * namespace changes, typed values); plain gives unqualified names.
 */
import type { DataNodeMeta, LeafListMeta, LeafMeta, ModuleMeta, SchemaNode } from '../../meta/meta.ts';
import type { HolderMeta } from '../../data/data-container.ts';
import { memberLabel } from '../../data/json/member-label.ts';
import { holderIndex } from '../../data/json/name-index.ts';
import { encodeJson } from '../../types/index.ts';
import type { YangValue } from '../../types/value.ts';
import type { AnyValue } from '../../data/data-container.ts';
import type { FieldValue } from '../field-value.ts';
import type { ListItem, Node } from '../node.ts';
import type { ChildRequest, FieldRequest, NextRequest } from '../requests.ts';

export class JsonBuffer {
  private parts: string[] = [];
  private length = 0;

  constructor(readonly strict: boolean) {}

  push(s: string): void {
    this.parts.push(s);
    this.length += s.length;
  }

  get size(): number {
    return this.length;
  }

  /** Takes what was written so far. */
  take(): string {
    const s = this.parts.join('');
    this.parts = [];
    this.length = 0;
    return s;
  }
}

/** The member name, qualified as src/data/json decides (RFC 7951 in strict mode; only where ambiguous in plain mode). */
const memberName = (buf: JsonBuffer, meta: SchemaNode, parentModule: ModuleMeta | undefined, holder: unknown): string =>
  meta.module === parentModule
    ? `"${meta.name}"`
    : JSON.stringify(memberLabel(meta as DataNodeMeta, parentModule, buf.strict, holderIndex(holder as HolderMeta)));

export const encodeField = (buf: JsonBuffer, meta: LeafMeta | LeafListMeta | SchemaNode, value: FieldValue): string => {
  if (meta.kind === 'anydata' || meta.kind === 'anyxml') return JSON.stringify((value as AnyValue).any ?? null);
  const options = { strict: buf.strict, leafModule: meta.module.name };
  const type = (meta as LeafMeta).type;
  if (meta.kind === 'leaf-list') {
    return `[${(value as readonly YangValue[]).map((v) => JSON.stringify(encodeJson(type, v, options))).join(',')}]`;
  }
  return JSON.stringify(encodeJson(type, value as YangValue, options));
};

/** An object being written: the document root, a container or a list entry. */
export class JsonObjectWriter implements Node {
  private first = true;

  constructor(
    private readonly buf: JsonBuffer,
    /** The member name to open with (`"name":`), or '' for the root and list entries. */
    private readonly opening: string,
    private readonly module: ModuleMeta | undefined,
  ) {}

  beginEdit(): void {
    this.buf.push(`${this.opening}{`);
  }

  endEdit(): void {
    this.buf.push('}');
  }

  comma(): string {
    if (this.first) {
      this.first = false;
      return '';
    }
    return ',';
  }

  child(r: ChildRequest): Node {
    const name = `${this.comma()}${memberName(this.buf, r.meta, this.module, r.selection.meta)}:`;
    return r.meta.kind === 'list'
      ? new JsonArrayWriter(this.buf, name, r.meta.module)
      : new JsonObjectWriter(this.buf, name, r.meta.module);
  }

  field(r: FieldRequest): undefined {
    if (r.value === undefined) return undefined;
    this.buf.push(`${this.comma()}${memberName(this.buf, r.meta, this.module, r.selection.meta)}:${encodeField(this.buf, r.meta, r.value)}`);
    return undefined;
  }

  /** Writes a raw member (annotations such as with-defaults tags). */
  raw(name: string, json: string): void {
    this.buf.push(`${this.comma()}${JSON.stringify(name)}:${json}`);
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
    this.buf.push(`${this.opening}[`);
  }

  endEdit(): void {
    this.buf.push(']');
  }

  next(_r: NextRequest): ListItem {
    const sep = this.first ? '' : ',';
    this.first = false;
    return { node: new JsonObjectWriter(this.buf, sep, this.module) };
  }
}
