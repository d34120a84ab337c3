/**
 * A field's value put into a JsonBuffer's bytes (json-bytes.ts), by a
 * writer chosen once per schema node and mode: the same text as its encoder
 * (json-value-text.ts) makes, without making it for strings, integers and
 * booleans; other types through the encoder. A leaf of those three kinds is
 * put by `putValue` itself (one function the walk's loop can inline, not a
 * call through one of many closures).
 */
import type { LeafListMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../../data/field-value.ts';
import { putAscii, putBytes, putNumber, putString, putText, textBytes } from './json-bytes.ts';
import { anyText, baseOf, scalarText, type FieldMeta } from './json-value-text.ts';
import type { JsonBuffer } from './json-writer.ts';

type ScalarWrite = (buf: JsonBuffer, value: YangValue) => void;
type ValueWrite = (buf: JsonBuffer, value: FieldValue) => void;

/** What a leaf's value is written as, when putValue writes it itself. */
const OTHER = 0;
const STRING = 1;
const INT32 = 2;
const BOOLEAN = 3;

export interface ValueWriter {
  readonly kind: typeof OTHER | typeof STRING | typeof INT32 | typeof BOOLEAN;
  /** Writes any value of the node (the only way for OTHER, and for a value not of the kind). */
  readonly write: ValueWrite;
}

const TRUE = textBytes('true');
const FALSE = textBytes('false');

/** Puts `v`, a value of the node `w` was made for. */
export const putValue = (buf: JsonBuffer, w: ValueWriter, v: FieldValue): void => {
  const kind = w.kind;
  if (kind === STRING) {
    if (typeof v === 'string') return putString(buf, v);
  } else if (kind === INT32) {
    if (typeof v === 'number' && Number.isFinite(v)) return putNumber(buf, v);
  } else if (kind === BOOLEAN) {
    if (typeof v === 'boolean') return putBytes(buf, v ? TRUE : FALSE);
  }
  w.write(buf, v);
};

const kindOf = (type: TypeMeta): ValueWriter['kind'] => {
  switch (baseOf(type)) {
    case 'string': case 'enumeration': case 'binary': case 'decimal64': case 'instance-identifier':
      return STRING;
    case 'boolean':
      return BOOLEAN;
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return INT32;
    default:
      return OTHER;
  }
};

const scalarWriter = (type: TypeMeta, strict: boolean, leafModule: string): ScalarWrite => {
  const text = scalarText(type, strict, leafModule);
  const kind = kindOf(type);
  if (kind === OTHER) return (buf, v) => putText(buf, text(v));
  const w: ValueWriter = { kind, write: (buf, v) => putText(buf, text(v as YangValue)) };
  return (buf, v) => putValue(buf, w, v);
};

const writers: readonly [WeakMap<FieldMeta, ValueWriter>, WeakMap<FieldMeta, ValueWriter>] = [new WeakMap(), new WeakMap()];

const writerOf = (meta: FieldMeta, strict: boolean): ValueWriter => {
  if (meta.kind === 'anydata' || meta.kind === 'anyxml') return { kind: OTHER, write: (buf, v) => putText(buf, anyText(v)) };
  const type = (meta as LeafMeta | LeafListMeta).type;
  const one = scalarWriter(type, strict, meta.module.name);
  if (meta.kind === 'leaf') return { kind: kindOf(type), write: one as ValueWrite };
  return { kind: OTHER, write: (buf, v) => {
    const items = v as readonly YangValue[];
    putAscii(buf, '[');
    for (let i = 0; i < items.length; i++) {
      if (i > 0) putAscii(buf, ',');
      one(buf, items[i] as YangValue);
    }
    putAscii(buf, ']');
  } };
};

/** The writer of a leaf's, leaf-list's or anydata's values as JSON (made once per node and mode), for putValue. */
export const valueWriter = (meta: FieldMeta, strict: boolean): ValueWriter => {
  const cache = writers[strict ? 1 : 0];
  let w = cache.get(meta);
  if (w === undefined) {
    w = writerOf(meta, strict);
    cache.set(meta, w);
  }
  return w;
};
