/**
 * A field's value put into a JsonBuffer's bytes (json-bytes.ts), by a
 * writer chosen once per schema node and mode: the same text as its encoder
 * (json-value-text.ts) makes, without making it for strings, integers and
 * booleans; other types through the encoder.
 */
import type { LeafListMeta, LeafMeta, TypeMeta } from '../../meta/meta.ts';
import type { YangValue } from '../../types/value.ts';
import type { FieldValue } from '../field-value.ts';
import { putAscii, putNumber, putString, putText } from './json-bytes.ts';
import { anyText, baseOf, scalarText, type FieldMeta } from './json-value-text.ts';
import type { JsonBuffer } from './json-writer.ts';

type ScalarWrite = (buf: JsonBuffer, value: YangValue) => void;
export type ValueWrite = (buf: JsonBuffer, value: FieldValue) => void;

const scalarWriter = (type: TypeMeta, strict: boolean, leafModule: string): ScalarWrite => {
  const text = scalarText(type, strict, leafModule);
  switch (baseOf(type)) {
    case 'string': case 'enumeration': case 'binary': case 'decimal64': case 'instance-identifier':
      return (buf, v) => (typeof v === 'string' ? putString(buf, v) : putText(buf, text(v)));
    case 'boolean':
      return (buf, v) => (typeof v === 'boolean' ? putAscii(buf, v ? 'true' : 'false') : putText(buf, text(v)));
    case 'int8': case 'int16': case 'int32': case 'uint8': case 'uint16': case 'uint32':
      return (buf, v) => (typeof v === 'number' && Number.isFinite(v) ? putNumber(buf, v) : putText(buf, text(v)));
    default:
      return (buf, v) => putText(buf, text(v));
  }
};

const writers: readonly [WeakMap<FieldMeta, ValueWrite>, WeakMap<FieldMeta, ValueWrite>] = [new WeakMap(), new WeakMap()];

const writerOf = (meta: FieldMeta, strict: boolean): ValueWrite => {
  if (meta.kind === 'anydata' || meta.kind === 'anyxml') return (buf, v) => putText(buf, anyText(v));
  const one = scalarWriter((meta as LeafMeta | LeafListMeta).type, strict, meta.module.name);
  if (meta.kind === 'leaf') return one as ValueWrite;
  return (buf, v) => {
    const items = v as readonly YangValue[];
    putAscii(buf, '[');
    for (let i = 0; i < items.length; i++) {
      if (i > 0) putAscii(buf, ',');
      one(buf, items[i] as YangValue);
    }
    putAscii(buf, ']');
  };
};

/** The writer of a leaf's, leaf-list's or anydata's values as JSON (made once per node and mode). */
export const valueWriter = (meta: FieldMeta, strict: boolean): ValueWrite => {
  const cache = writers[strict ? 1 : 0];
  let w = cache.get(meta);
  if (w === undefined) {
    w = writerOf(meta, strict);
    cache.set(meta, w);
  }
  return w;
};
