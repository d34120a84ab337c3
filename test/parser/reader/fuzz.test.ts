/**
 * The reader returns, with diagnostics, for every input: random text, random
 * mutations of real modules, pathological nesting. And any statement tree,
 * printed in any quoting style, reads back equal (a round trip).
 */
import test from 'ava';
import fc from 'fast-check';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { readYang } from '../../../src/parser/index.ts';
import type { Statement } from '../../../src/parser/index.ts';
import { corpusPublic, hasShared, sharedTest } from '../../helpers/shared.ts';
import { printStatement } from './print-yang.ts';
import type { ArgStyle } from './print-yang.ts';
import { soakRuns } from '../../helpers/soak.ts';

/** Read `text` and check what must hold whatever the input. */
const readChecked = (text: string): { errors: number; statement: Statement | undefined } => {
  const { statement, diagnostics } = readYang(text, 'fuzz.yang');
  const lines = text.split('\n');
  for (const d of diagnostics) {
    const line = lines[d.loc.line - 1];
    if (line === undefined || d.loc.col < 1 || d.loc.col > line.length + 1) {
      throw new Error(`diagnostic outside the text: ${d.loc.line}:${d.loc.col} ${d.message}`);
    }
  }
  const errors = diagnostics.filter((d) => d.severity === 'error').length;
  if (errors === 0 && statement === undefined) throw new Error('no error and no statement');
  return { errors, statement };
};

const yangish = fc.string({
  unit: fc.constantFrom('module', 'm', ' ', '\n', '\t', '\r', '{', '}', ';', '+', '"', "'", '\\', '/', '*', '//', '/*', '*/', 'a:b', 'x', '1.1', 'yang-version', 'é'),
  maxLength: 60,
});

test('random YANG-ish text: always returns, positions inside the text', (t) => {
  fc.assert(fc.property(yangish, (s) => void readChecked(s)), { numRuns: soakRuns(2000) });
  fc.assert(fc.property(yangish, (s) => void readChecked(`module m {\n${s}\n}\n`)), { numRuns: soakRuns(2000) });
  t.pass();
});

test('random unicode text: always returns', (t) => {
  fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (s) => void readChecked(s)), { numRuns: soakRuns(1000) });
  t.pass();
});

test('an unterminated string or comment anywhere is an error', (t) => {
  fc.assert(
    fc.property(fc.constantFrom('"', "'", '/*'), fc.nat(), (opener, at) => {
      const text = 'module m {\n  leaf x { type string; }\n}\n';
      const i = at % (text.length + 1);
      // inside an existing line: an unterminated opener can only be closed by nothing
      const mutated = `${text.slice(0, i)}${opener}${text.slice(i).replace(/["'*]/g, '')}`;
      return readChecked(mutated).errors > 0;
    }),
  );
  t.pass();
});

test('deep nesting and long chains do not overflow the stack', (t) => {
  const deep = `module m {${'a {'.repeat(200_000)}`;
  t.deepEqual(readYang(deep, 'deep.yang').diagnostics.map((d) => d.loc.col), [deep.length + 1]);
  const closed = `module m {${'a {'.repeat(50_000)}${'}'.repeat(50_001)}`;
  t.deepEqual(readYang(closed, 'deep.yang').diagnostics, []);
  const chain = `module m { description ${'"a" + '.repeat(100_000)}"b"; }`;
  const { statement } = readYang(chain, 'chain.yang');
  t.is(statement?.substatements[0]?.arg?.length, 100_001);
});

const keyword = fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,8}$/);
const anyArg = fc.option(fc.string({ unit: 'binary', maxLength: 30 }), { nil: undefined });
/** Statement trees up to `depth` levels below the root. */
const statementTree = (depth: number): fc.Arbitrary<Statement> =>
  fc.record({
    keyword,
    prefix: fc.option(keyword, { nil: undefined }),
    arg: anyArg,
    substatements: depth === 0 ? fc.constant([]) : fc.array(statementTree(depth - 1), { maxLength: 3 }),
    loc: fc.constant({ file: '', line: 0, col: 0 }),
  });

const argStyle: fc.Arbitrary<ArgStyle> = fc.record({
  quoting: fc.constantFrom('double', 'single', 'unquoted'),
  splits: fc.array(fc.nat(), { maxLength: 3 }),
});

/** The tree without locations, to compare what was printed with what was read. */
const shape = (s: Statement): unknown => [s.prefix, s.keyword, s.arg, s.substatements.map(shape)];

test('round trip: print any tree in any quoting style, read it back equal', (t) => {
  fc.assert(
    fc.property(statementTree(3), fc.array(argStyle, { minLength: 1, maxLength: 5 }), (body, styles) => {
      const module: Statement = { ...body, keyword: 'module', prefix: undefined, arg: 'm' };
      let n = 0;
      const text = printStatement(module, () => styles[n++ % styles.length] as ArgStyle);
      const { statement, diagnostics } = readYang(text, 'rt.yang');
      // escapes are never invalid here, so not even a warning
      return diagnostics.length === 0 && statement !== undefined && JSON.stringify(shape(statement)) === JSON.stringify(shape(module));
    }),
    { numRuns: soakRuns(500) },
  );
  t.pass();
});

/** The smaller corpus files, so that many mutations run quickly. */
const smallModules = (): string[] =>
  hasShared
    ? readdirSync(corpusPublic)
        .filter((f) => f.endsWith('.yang') && statSync(join(corpusPublic, f)).size < 12_000)
        .map((f) => readFileSync(join(corpusPublic, f), 'utf8'))
    : [];

const mutation = fc.record({
  kind: fc.constantFrom('delete', 'insert', 'duplicate', 'swap'),
  at: fc.nat(),
  length: fc.integer({ min: 1, max: 40 }),
  piece: fc.constantFrom('"', "'", '{', '}', ';', '+', '/*', '*/', '//', '\\', '\r', '\n', ' x ', 'é'),
});

sharedTest('random mutations of real modules: always returns, positions inside the text', (t) => {
  const modules = smallModules();
  t.true(modules.length > 50);
  fc.assert(
    fc.property(fc.nat(), fc.array(mutation, { minLength: 1, maxLength: 4 }), (which, mutations) => {
      let text = modules[which % modules.length] as string;
      for (const m of mutations) {
        const at = m.at % (text.length + 1);
        const end = Math.min(text.length, at + m.length);
        if (m.kind === 'delete') text = text.slice(0, at) + text.slice(end);
        else if (m.kind === 'insert') text = text.slice(0, at) + m.piece + text.slice(at);
        else if (m.kind === 'duplicate') text = text.slice(0, end) + text.slice(at, end) + text.slice(end);
        else text = text.slice(0, at) + text.slice(end, end + m.length) + text.slice(at, end) + text.slice(end + m.length);
      }
      readChecked(text);
    }),
    { numRuns: soakRuns(3000) },
  );
});
