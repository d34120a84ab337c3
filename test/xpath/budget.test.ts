/**
 * The evaluation budget: expressions whose cost grows as a power of the
 * data (nested predicates, `//` inside `//`, string doubling) stop with an
 * `overBudget` error after spending about their budget, counted in steps
 * (never timed); ordinary expressions spend about one step per node they
 * walk and give their answer. And the limits a filter's text is measured by.
 */
import test from 'ava';
import { CATASTROPHIC_PATTERN, CATASTROPHIC_VALUE, nestedCount } from '../helpers/stalling-filters.ts';
import { parseXPath } from '../../src/parser/expr/index.ts';
import {
  bracketDepth, compileXPath, DEFAULT_MAX_STEPS, jsonXNode, longestPath, XPathBudget, type XNode, type XPathResult, type XPathValue,
} from '../../src/xpath/index.ts';

const parse = (text: string) => {
  const p = parseXPath(text);
  if (!p.ok) throw new Error(`${text}: ${p.message}`);
  return p.value;
};

/** Evaluates `text` on `node` with a budget of `maxSteps`; the result and the steps spent. */
const evaluate = (text: string, node: XNode, maxSteps: number): { result: XPathResult<XPathValue>; spent: number } => {
  const c = compileXPath(parse(text), { prefixes: new Map(), defaultModule: undefined }, { maxSteps });
  if (!c.ok) throw new Error(c.message);
  const budget = new XPathBudget(maxSteps);
  return { result: c.value.evaluate({ node, budget }), spent: budget.spent };
};

/** The first element of a JSON document. */
const element = (doc: Record<string, unknown>): XNode => [...jsonXNode(doc).children()][0] as XNode;

/** A notification with `n` list entries of three leaves each (4n + 1 element nodes). */
const wide = (n: number): XNode =>
  element({ 'm:event': { entry: Array.from({ length: n }, (_, i) => ({ name: `e${i}`, value: i, text: 'x' })) } });

const BUDGET = 100_000;

test('the nested count(ancestor-or-self::*/descendant-or-self::*[...]) filter stops at its budget', (t) => {
  const filter = nestedCount(5);
  t.true(filter.length >= 250 && filter.length <= 300, `${filter.length} characters`);
  const { result, spent } = evaluate(filter, wide(10), BUDGET);
  t.false(result.ok);
  if (!result.ok) {
    t.true(result.overBudget);
    t.regex(result.message, /exceeded its budget of 100000 steps/);
  }
  // it stops within one charge of its budget (a charge is at most one node-set of the tree)
  t.true(spent > BUDGET && spent <= BUDGET + 100, `spent ${spent}`);
});

test('the same filter one level deep costs about the size of the tree, and answers', (t) => {
  const { result, spent } = evaluate(nestedCount(1), wide(10), BUDGET);
  t.deepEqual(result, { ok: true, value: true });
  t.true(spent < 500, `spent ${spent}`);
});

test('// over a large tree: one walk costs a step per node, and a walk per node exceeds the budget', (t) => {
  const big = wide(50_000);
  const once = evaluate('count(//*)', big, DEFAULT_MAX_STEPS);
  t.deepEqual(once.result, { ok: true, value: 200_001 });
  t.true(once.spent >= 200_000 && once.spent <= 200_100, `spent ${once.spent}`);
  const small = evaluate('count(//*)', big, BUDGET);
  t.true(!small.result.ok && small.result.overBudget === true);
  // (a context-free predicate such as [count(//*) > 1] is evaluated once, not once per node)
  t.deepEqual(evaluate('count(//*[count(//*) > 1])', wide(1_000), BUDGET).result, { ok: true, value: 4_001 });
  const nested = evaluate('//*[count(ancestor::*//*) > 1]', wide(1_000), BUDGET);
  t.true(!nested.result.ok && nested.result.overBudget === true);
  t.true(nested.spent <= BUDGET + 5_000);
});

test('nested predicates over siblings exceed the budget', (t) => {
  const r = evaluate('entry[../entry[../entry[../entry[name = "x"]]]]', wide(100), BUDGET);
  t.true(!r.result.ok && r.result.overBudget === true);
});

test('string doubling is paid for before the string is made', (t) => {
  let text = 'entry/name';
  for (let i = 0; i < 12; i++) text = `concat(${text}, ${text})`;
  const r = evaluate(`string-length(${text}) > 0`, wide(1), BUDGET);
  t.deepEqual(r.result, { ok: true, value: true });
  const blowup = evaluate('string-length(substring(concat(., ., ., ., ., ., ., .), 1)) > 0', element({ 'm:e': { v: 'x'.repeat(200_000) } }), BUDGET);
  t.true(!blowup.result.ok && blowup.result.overBudget === true);
});

test('re-match on the value that took 3.3 s: a few steps, the right answer', (t) => {
  const node = element({ 'm:e': { text: CATASTROPHIC_VALUE } });
  const r = evaluate(`re-match(text, '${CATASTROPHIC_PATTERN}')`, node, BUDGET);
  t.deepEqual(r.result, { ok: true, value: false });
  t.true(r.spent < 20, `spent ${r.spent}`);
  const long = evaluate("re-match(text, '(a+)+')", element({ 'm:e': { text: 'a'.repeat(2_000_000) + '!' } }), BUDGET);
  t.true(!long.result.ok && long.result.overBudget === true, 'two million characters: past the budget (one step per 16)');
});

test('an invalid literal pattern in re-match, or one expanding past 10,000 states, is a compile error', (t) => {
  const c = compileXPath(parse("re-match(., '(a')"), { prefixes: new Map(), defaultModule: undefined });
  t.false(c.ok);
  if (!c.ok) t.regex(c.message, /^re-match\(\): invalid regular expression '\(a': invalid pattern/);
  const big = compileXPath(parse("re-match(., '(a{100}){101}')"), { prefixes: new Map(), defaultModule: undefined });
  t.true(!big.ok && /more than 10000 automaton states/.test(big.message));
  t.true(compileXPath(parse("re-match(., '(a{100}){99}')"), { prefixes: new Map(), defaultModule: undefined }).ok);
});

test('a budget shared by evaluations is spent by all of them; the default is DEFAULT_MAX_STEPS', (t) => {
  const c = compileXPath(parse('count(entry)'), { prefixes: new Map(), defaultModule: undefined });
  if (!c.ok) throw new Error(c.message);
  t.is(c.value.maxSteps, DEFAULT_MAX_STEPS);
  const budget = new XPathBudget(250);
  const node = wide(100);
  t.deepEqual(c.value.evaluate({ node, budget }), { ok: true, value: 100 });
  t.deepEqual(c.value.evaluate({ node, budget }), { ok: true, value: 100 });
  const third = c.value.evaluate({ node, budget });
  t.true(!third.ok && third.overBudget === true);
});

test('bracketDepth counts ( and [ nesting outside string literals', (t) => {
  t.is(bracketDepth('a = 1'), 0);
  t.is(bracketDepth('count(a[b])'), 2);
  t.is(bracketDepth("x = '((([[['"), 0);
  t.is(bracketDepth('f(g(h())) and a[1][2]'), 3);
  t.is(bracketDepth(nestedCount(5)), 11);
});

test('longestPath counts the steps of the longest location path, in predicates and arguments too', (t) => {
  t.is(longestPath(parse('1 + 2')), 0);
  t.is(longestPath(parse('a/b/c = 1')), 3);
  t.is(longestPath(parse('//a')), 2);
  t.is(longestPath(parse('x[a/b/c/d]/y')), 4);
  t.is(longestPath(parse('count(/a/b/c/d/e)')), 5);
  t.is(longestPath(parse('(a | b/c)[d/e/f]/g')), 3);
});
