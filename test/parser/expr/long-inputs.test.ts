/**
 * Long and deeply nested inputs parse (the time of the longest is logged)
 * without overflowing the stack (growing arrays in left-recursive postprocessors made
 * a 20,000-step path take 8 s; recursive result walks overflowed at a depth
 * of a few thousand).
 */
import test from 'ava';
import { parseFields, parseIfFeature, parseRange, parseXPath } from '../../../src/parser/expr/index.ts';

const timed = <T>(f: () => T): { value: T; ms: number } => {
  const start = performance.now();
  const value = f();
  return { value, ms: performance.now() - start };
};

test('a 20,000-step path', (t) => {
  const { value: r, ms } = timed(() => parseXPath(Array(20000).fill('a').join('/')));
  t.true(r.ok && r.value.kind === 'path' && r.value.steps.length === 20000);
  // a time is told, never asserted (a loaded machine is not a slow parser)
  t.log(`parsed in ${Math.round(ms)} ms`);
});

test('5,000 predicates, 5,000 arguments, 5,000 chained ors', (t) => {
  const preds = parseXPath(`a${'[1]'.repeat(5000)}`);
  t.true(preds.ok && preds.value.kind === 'path' && preds.value.steps[0]?.predicates.length === 5000);
  const args = parseXPath(`f(${Array(5000).fill('1').join(', ')})`);
  t.true(args.ok && args.value.kind === 'call' && args.value.args.length === 5000);
  let depth = 0;
  const ors = parseXPath(Array(5000).fill('a').join(' or '));
  for (let e = ors.ok ? ors.value : undefined; e?.kind === 'binary'; e = e.left) depth++;
  t.is(depth, 4999);
});

test('a syntax error after 5,000 nested parentheses is reported at the offending token', (t) => {
  const r = parseXPath(`${'('.repeat(5000)})`);
  t.false(r.ok);
  t.is(r.ok ? -1 : r.offset, 5000);
});

test('long fields, if-feature and range arguments', (t) => {
  const fields = parseFields(Array(5000).fill('a').join(';'));
  t.true(fields.ok && fields.value.length === 5000);
  const nested = parseFields(`${'a('.repeat(2000)}b${')'.repeat(2000)}`);
  t.true(nested.ok);
  const iff = parseIfFeature(Array(5000).fill('a').join(' or '));
  t.true(iff.ok && iff.value.kind === 'or');
  const range = parseRange(Array(5000).fill('1..2').join(' | '));
  t.true(range.ok && range.value.length === 5000);
});
