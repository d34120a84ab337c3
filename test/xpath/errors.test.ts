import test from 'ava';
import { compileXPath, evaluateXPath } from '../../src/xpath/index.ts';
import type { XPathExpr } from '../../src/parser/expr/ast.ts';
import { bin, call, filter, lit, loc, num, variable } from './build.ts';
import { ctx, prefixes } from './fixture.ts';

function message(expr: XPathExpr): string {
  const r = evaluateXPath(expr, ctx());
  return r.ok ? `no error: ${String(r.value)}` : r.message;
}

test('compile errors are returned as data, before any evaluation', (t) => {
  const cases: [XPathExpr, RegExp][] = [
    [call('nope'), /unknown function nope\(\)/],
    [call('ex:count', loc('a')), /unknown function ex:count\(\)/],
    [call('count'), /count\(\) takes 1 argument, got 0/],
    [call('concat', lit('a')), /concat\(\) takes at least 2 arguments, got 1/],
    [call('substring', lit('a')), /substring\(\) takes 2 to 3 arguments, got 1/],
    [call('true', num(1)), /true\(\) takes 0 arguments, got 1/],
    [loc('/zz:top'), /unknown prefix 'zz' in 'zz:top'/],
    [loc('zz:*'), /unknown prefix 'zz'/],
    [variable('v'), /variable.*\$v/],
    [bin('and', call('true'), call('not', loc('x', call('nope')))), /unknown function nope/],
  ];
  for (const [expr, re] of cases) {
    const c = compileXPath(expr, { prefixes, defaultModule: 'example' });
    t.false(c.ok);
    t.regex(message(expr), re);
  }
});

test('type errors found while evaluating are returned as data', (t) => {
  t.regex(message(call('count', lit('x'))), /count\(\) expects a node-set/);
  t.regex(message(call('sum', num(1))), /sum\(\) expects a node-set/);
  t.regex(message(filter(lit('x'), [num(1)])), /needs a node-set/);
  t.regex(message(bin('|', num(1), loc('a'))), /'\|' must be node-sets/);
});

test('a compiled expression evaluates many times against different nodes', (t) => {
  const c = compileXPath(bin('=', loc('name'), lit('b')), { prefixes, defaultModule: 'example' });
  if (!c.ok) return t.fail(c.message);
  const items = [...(ctx().node.children())][0]?.children() ?? [];
  const results = [...items].map((n) => c.value.evaluateBoolean({ node: n }));
  t.deepEqual(results.map((r) => r.ok && r.value), [false, true, false, false, false, false]);
});
