/**
 * The data file written piece by piece (data-file-text.ts, utf8-pieces.ts,
 * draftDataFile) gives the same bytes as the one-shot form it replaced:
 * `JSON.stringify(encodeDatastore(roots, { strict: true, schema }), null, 2)`
 * and a line break, the oracle here.
 */
import test from 'ava';
import fc from 'fast-check';
import { readFileSync, unlinkSync } from 'node:fs';
import { join } from 'node:path';
import { DataContainer } from '../../src/data/data-container.ts';
import { decodeData, decodeDatastore, encodeDatastore, parseJsonText } from '../../src/data/json/index.ts';
import { compileSchema } from '../../src/compile/compile-schema.ts';
import type { ContainerMeta, DataNodeMeta, ModuleMeta, SchemaContext } from '../../src/meta/meta.ts';
import { findDataChild } from '../../src/meta/navigate.ts';
import { draftDataFile, encodeDataFile } from '../../src/store/data-file.ts';
import { snapshotId } from '../../src/store/snapshot-file.ts';
import { Utf8Pieces } from '../../src/store/utf8-pieces.ts';
import { corpusInstances, corpusPublic, hasShared, sharedTest } from '../helpers/shared.ts';
import { augModule, entryList, itemList, schema, storeModule, tempDataFile } from './helpers.ts';

type Roots = ReadonlyMap<string, DataContainer>;

const oracle = (roots: Roots, within: SchemaContext): string =>
  `${JSON.stringify(encodeDatastore(roots, { strict: true, schema: within }), null, 2)}\n`;

/** The text, and the bytes of a draft written beside a temporary data file, equal the oracle's (and the draft's id is the oracle bytes' snapshotId). */
const sameAsOracle = (t: { is: (a: unknown, b: unknown, m?: string) => void; true: (a: boolean, m?: string) => void }, roots: Roots, within: SchemaContext = schema): void => {
  const expected = oracle(roots, within);
  t.is(encodeDataFile(roots, within), expected, 'text');
  const draft = draftDataFile(tempDataFile(), roots, within);
  try {
    const bytes = readFileSync(draft.tmp);
    t.true(bytes.equals(Buffer.from(expected, 'utf8')), 'file bytes');
    t.is(draft.length, bytes.length);
    t.is(draft.id, snapshotId(Buffer.from(expected, 'utf8')));
  } finally {
    unlinkSync(draft.tmp);
  }
};

const rootOf = (module: ModuleMeta, json: unknown): DataContainer => {
  const r = decodeData(json, module, { strict: false, content: 'all', schema });
  if (!r.ok) throw new Error(JSON.stringify(r.errors));
  return r.value;
};

const settings = {
  settings: {
    name: 'quote " backslash \\ newline \n tab \t line-sep \u2028 é 日本 😀',
    big: '-9223372036854775808',
    flag: [null],
    modes: 'a c',
    tags: ['x', 'y\nz', '', 'ü'],
    sizes: ['18446744073709551615', '0', '42'],
    extra: JSON.parse('{"a": [1, {"b": []}, {}, null, "two\\nlines", "lone \\ud800"], "c": {"d": {"e": [[], [1, [2]]]}}, "": true, "__proto__": 7}') as unknown,
    right: 'r',
    switch: {},
    'st-aug:extra-name': 'aug',
    'st-aug:more': { n: '9007199254740993' },
  },
};

test('an empty datastore, and modules with no data', (t) => {
  sameAsOracle(t, new Map());
  sameAsOracle(t, new Map([['st-store', new DataContainer(storeModule)], ['st-aug', new DataContainer(augModule)]]));
});

test('every kind of value: int64 and uint64 strings, empty, bits, escapes and non-ASCII, anydata, presence container, augment (qualified names)', (t) => {
  sameAsOracle(t, new Map([['st-store', rootOf(storeModule, settings)], ['st-aug', rootOf(augModule, { other: { count: 3 } })]]));
  sameAsOracle(t, new Map([['st-store', rootOf(storeModule, { settings: { flag: [null] } })]]));
  sameAsOracle(t, new Map([['st-store', rootOf(storeModule, { settings: { extra: 'scalar anydata' } })]]));
});

test('lists: flat entries encoded whole, entries with nested lists walked, keyless lists, empty lists and leaf-lists', (t) => {
  const json = {
    item: [
      { id: 'a', value: 1, sub: [{ a: 'x', b: '1', note: 'n' }, { a: 'y', b: '18446744073709551615' }] },
      { id: 'b' },
      { id: 'c', value: -5, sub: [{ a: 'z', b: '0' }] },
    ],
    entry: [{ id: 1, v: 'one' }, { id: 2 }, { id: 3, v: '多字节' }],
    state: { sample: [{ t: 1 }, {}, { t: 3 }] },
  };
  sameAsOracle(t, new Map([['st-store', rootOf(storeModule, json)]]));
  const empty = new DataContainer(storeModule).set(itemList, []).set(entryList, []);
  const settingsMeta = findDataChild(storeModule, undefined, 'settings') as ContainerMeta;
  const tags = findDataChild(settingsMeta, undefined, 'tags') as DataNodeMeta;
  empty.set(settingsMeta, new DataContainer(settingsMeta).set(tags, []));
  sameAsOracle(t, new Map([['st-store', empty]]));
});

test('many entries and a long leaf-list: several 1 MiB pieces, multi-byte characters across their borders', (t) => {
  const tags = Array.from({ length: 3000 }, (_, i) => `tag-${i}-${'é😀'.repeat(i % 7)}`);
  const json = {
    settings: { name: 'n', tags, sizes: Array.from({ length: 1100 }, (_, i) => String(i * 1_000_003)) },
    item: Array.from({ length: 2000 }, (_, i) => ({ id: `item-${i}`, value: i, sub: Array.from({ length: i % 4 }, (_, k) => ({ a: `s${k}`, b: String(k), note: 'ñ'.repeat(k * 30) })) })),
    entry: Array.from({ length: 40_000 }, (_, i) => ({ id: i, v: `value ${i} ${'日本語'.repeat(i % 5)}` })),
  };
  const roots = new Map([['st-store', rootOf(storeModule, json)], ['st-aug', rootOf(augModule, { other: { count: 1 } })]]);
  t.true(Buffer.byteLength(oracle(roots, schema)) > 3 << 20);
  sameAsOracle(t, roots);
});

test('Utf8Pieces: the pieces joined are the UTF-8 of the texts joined; a piece is at most the buffer, or one long text and what preceded it', (t) => {
  const size = 96;
  const text = fc.oneof(fc.string(), fc.string({ unit: 'binary' }), fc.string({ unit: 'grapheme', maxLength: 40 }), fc.string({ unit: 'binary', minLength: 30, maxLength: 90 }));
  fc.assert(fc.property(fc.array(text), (texts) => {
    const pieces: Buffer[] = [];
    const sink = new Utf8Pieces((piece) => pieces.push(Buffer.from(piece)), size);
    for (const x of texts) sink.put(x);
    sink.end();
    const bound = Math.max(size, 3 * (size >> 4) + Math.max(0, ...texts.map((x) => Buffer.byteLength(x))));
    return Buffer.concat(pieces).equals(Buffer.from(texts.join(''), 'utf8')) && pieces.every((piece) => piece.length > 0 && piece.length <= bound);
  }));
  t.pass();
});

sharedTest('corpus instances: every valid document written as the one-shot form writes it', (t) => {
  const rows = readFileSync(join(corpusInstances, 'EXPECTED.tsv'), 'utf8').trim().split('\n').slice(1)
    .map((line) => line.split('\t'))
    .filter((cols) => cols[4] === 'valid');
  t.true(rows.length > 10);
  const schemas = new Map<string, SchemaContext>();
  for (const [file = '', modules = '', type = ''] of rows) {
    let within = schemas.get(modules);
    if (within === undefined) {
      const r = compileSchema({ searchPath: [corpusPublic], modules: modules.split(' ').map((f) => ({ file: join(corpusPublic, f) })) });
      if (!r.ok) throw new Error(`${modules} does not compile`);
      within = r.context;
      schemas.set(modules, within);
    }
    const parsed = parseJsonText(readFileSync(join(corpusInstances, file), 'utf8'));
    if (!parsed.ok) throw new Error(file);
    const decoded = decodeDatastore(parsed.value, within, { strict: true, content: type === 'config' ? 'config' : 'all', numbers: parsed.numbers });
    if (!decoded.ok) continue; // the decoder's verdicts are corpus.test.ts's
    sameAsOracle(t, decoded.value, within);
  }
});

if (!hasShared) test('corpus instances skipped: ../shared is absent', (t) => t.pass());
