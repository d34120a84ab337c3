/**
 * Journal records are written as text (encodeChange): the text is what
 * JSON.stringify writes for the record object (the reference below, the
 * encoder's former form), and decodeChange reads back the change.
 */
import test from 'ava';
import fc from 'fast-check';
import { crc32 } from 'node:zlib';
import type { FieldValue } from '../../src/data/field-value.ts';
import { DataContainer } from '../../src/data/data-container.ts';
import type { DataPath, PathSegment } from '../../src/data/data-path.ts';
import type { DataNodeMeta } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import type { ChangeOp, StoredChange } from '../../src/store/change-op.ts';
import { decodeChange, encodeChange } from '../../src/store/change-record.ts';
import { frameInto, framedBytesAtMost, frameRecord, readJournalText } from '../../src/store/journal-line.ts';
import { encodeFieldValue, encodeYangValue } from '../../src/store/record-value.ts';
import type { YangValue } from '../../src/types/value.ts';
import { itemList, schema, storeModule } from './helpers.ts';

const child = (holder: DataNodeMeta | typeof storeModule, name: string, module?: string): DataNodeMeta =>
  findDataChild(holder as never, module, name) as DataNodeMeta;

const settings = child(storeModule, 'settings');
const name = child(settings, 'name');
const big = child(settings, 'big');
const tags = child(settings, 'tags');
const sizes = child(settings, 'sizes');
const extra = child(settings, 'extra');
const extraName = child(settings, 'extra-name', 'st-aug');
const more = child(settings, 'more', 'st-aug');
const moreN = child(more, 'n');
const value = child(itemList, 'value');
const sub = child(itemList, 'sub');
const note = child(sub, 'note');

const path = (...segments: PathSegment[]): DataPath => ({ segments });
const CODES = { created: 'c', moved: 'v', removed: 'r', wrote: 'w' } as const;

/** The record as an object, stringified: what the journal wrote before records were written as text. */
const reference = (change: StoredChange): string | undefined => {
  if ('image' in change) return undefined;
  const o: unknown[] = [];
  for (const op of change.ops) {
    const p: unknown[] = [];
    let prev = change.module.name;
    const segs = op.path.segments;
    for (const [i, s] of segs.entries()) {
      const m = s.meta as DataNodeMeta;
      p.push(m.module.name === prev ? m.name : `${m.module.name}:${m.name}`);
      prev = m.module.name;
      if (s.key !== undefined && m.kind === 'list') p.push(s.key.map(encodeYangValue));
      else if (m.kind === 'list' && i < segs.length - 1) return undefined;
    }
    if (segs.length === 0) return undefined;
    if (op.op === 'wrote') o.push([CODES.wrote, p, encodeFieldValue(segs[segs.length - 1]?.meta as DataNodeMeta, op.value)]);
    else if (op.op === 'moved' || (op.op === 'created' && op.row !== undefined)) o.push([CODES[op.op], p, op.row]);
    else o.push([CODES[op.op], p]);
  }
  return JSON.stringify({ m: change.module.name, o });
};

const check = (t: import('ava').ExecutionContext, change: StoredChange): void => {
  const text = encodeChange(change, schema);
  t.is(text, reference(change));
  if (text === undefined) return;
  const back = decodeChange(JSON.parse(text), schema);
  t.deepEqual(back, change);
  const framed = readJournalText(Buffer.from(frameRecord(text)));
  t.deepEqual(framed.records, [JSON.parse(text)]);
  // framed in place, as the journal queues it: the same bytes
  const buf = Buffer.alloc(framedBytesAtMost(text) + 3, 0xff);
  const n = frameInto(buf, 3, text);
  t.deepEqual(buf.subarray(3, 3 + n), Buffer.from(`${crc32(text).toString(16).padStart(8, '0')} ${text}\n`));
};

const wrote = (p: DataPath, v: FieldValue): ChangeOp => ({ op: 'wrote', path: p, value: v });

test('every kind of node call is written as the record object would be, and read back', (t) => {
  const entry = { meta: itemList, key: ['k "1"'] };
  check(t, { module: storeModule, ops: [] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: name }), 'a "quoted" \\ é \u2028 name')] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: big }), -(2n ** 63n))] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: tags }), ['x', 'y'])] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: sizes }), [1n, 18446744073709551615n])] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: extra }), { any: { a: [1, { b: null }], c: 'd' } })] });
  check(t, { module: storeModule, ops: [wrote(path({ meta: settings }, { meta: extraName }), 'augmented')] });
  check(t, { module: storeModule, ops: [{ op: 'created', path: path({ meta: settings }, { meta: more }) }, wrote(path({ meta: settings }, { meta: more }, { meta: moreN }), 7n)] });
  check(t, {
    module: storeModule,
    ops: [
      { op: 'created', path: path(entry) },
      { op: 'created', path: path(entry), row: 3 },
      { op: 'moved', path: path(entry), row: 0 },
      wrote(path(entry, { meta: value }), -5),
      wrote(path(entry, { meta: sub, key: ['a', 2n ** 64n - 1n] }, { meta: note }), 'n'),
      { op: 'removed', path: path(entry, { meta: sub, key: ['a', 0n] }) },
      { op: 'removed', path: path(entry) },
    ],
  });
});

test('a path through a list entry without its key cannot be named (an image is stored instead)', (t) => {
  t.is(encodeChange({ module: storeModule, ops: [wrote(path({ meta: itemList }, { meta: value }), 1)] }, schema), undefined);
  t.is(encodeChange({ module: storeModule, ops: [{ op: 'removed', path: path() }] }, schema), undefined);
});

test('an image record holds the module data (RFC 7951)', (t) => {
  const text = encodeChange({ module: storeModule, image: new DataContainer(storeModule) }, schema);
  t.is(text, '{"m":"st-store","img":{}}');
});

test('random names, numbers and keys: the text is the record object stringified', (t) => {
  const yangValue: fc.Arbitrary<YangValue> = fc.oneof(fc.string({ unit: 'binary' }), fc.integer(), fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }), fc.boolean());
  fc.assert(fc.property(fc.string({ unit: 'binary' }), yangValue, fc.array(fc.string({ unit: 'binary' })), fc.nat(), (key, v, list, row) => {
    const entry = { meta: itemList, key: [key] };
    const change: StoredChange = {
      module: storeModule,
      ops: [{ op: 'created', path: path(entry), row }, wrote(path(entry, { meta: value }), v), wrote(path({ meta: settings }, { meta: tags }), list)],
    };
    const text = encodeChange(change, schema);
    t.is(text, reference(change));
    return text === reference(change);
  }), { numRuns: 300 });
});

test('a record line is the documented line whatever the text: short ASCII, other characters, long records', (t) => {
  const documented = (text: string): Buffer => Buffer.from(`${crc32(text).toString(16).padStart(8, '0')} ${text}\n`);
  const text = fc.oneof(fc.string({ unit: 'grapheme-ascii' }), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme-ascii', minLength: 500, maxLength: 2000 }));
  fc.assert(fc.property(text, fc.nat({ max: 40 }), (s, at) => {
    const json = JSON.stringify(s);
    const buf = Buffer.alloc(at + framedBytesAtMost(json), 0xff);
    const n = frameInto(buf, at, json);
    t.deepEqual(buf.subarray(at, at + n), documented(json));
  }), { numRuns: 400 });
});
