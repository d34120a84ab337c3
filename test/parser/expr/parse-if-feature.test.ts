import test from 'ava';
import { parseIfFeature } from '../../../src/parser/expr/index.ts';
import type { IfFeatureExpr } from '../../../src/parser/expr/index.ts';
import { allParses, ifFeatureGrammar } from '../../../src/parser/grammars/index.ts';

const f = (q: string): IfFeatureExpr => {
  const i = q.indexOf(':');
  return { kind: 'feature', prefix: i < 0 ? undefined : q.slice(0, i), name: i < 0 ? q : q.slice(i + 1) };
};
const not = (expr: IfFeatureExpr): IfFeatureExpr => ({ kind: 'not', expr });
const and = (left: IfFeatureExpr, right: IfFeatureExpr): IfFeatureExpr => ({ kind: 'and', left, right });
const or = (left: IfFeatureExpr, right: IfFeatureExpr): IfFeatureExpr => ({ kind: 'or', left, right });

const parses = (text: string, expected: IfFeatureExpr): void => {
  test(`parses ${JSON.stringify(text)}`, (t) => {
    const r = parseIfFeature(text);
    if (!r.ok) return t.fail(r.message);
    t.deepEqual(r.value, expected);
    t.is(allParses(ifFeatureGrammar, text).length, 1);
  });
};

const rejects = (text: string, offset: number, mentions: string): void => {
  test(`rejects ${JSON.stringify(text)}`, (t) => {
    const r = parseIfFeature(text);
    if (r.ok) return t.fail(JSON.stringify(r.value));
    t.is(r.offset, offset, r.message);
    t.true(r.message.includes(mentions), r.message);
  });
};

parses('candidate', f('candidate'));
parses('nc:writable-running', f('nc:writable-running'));
parses('not a', not(f('a')));
parses('not not a', not(not(f('a'))));
parses('a and b', and(f('a'), f('b')));
parses('a or b', or(f('a'), f('b')));
parses('a or b and c', or(f('a'), and(f('b'), f('c'))));
parses('a and b or c', or(and(f('a'), f('b')), f('c')));
parses('not a and b', and(not(f('a')), f('b')));
parses('not (a and b)', not(and(f('a'), f('b'))));
parses('(a or b) and c', and(or(f('a'), f('b')), f('c')));
parses('a or b or c', or(or(f('a'), f('b')), f('c')));
parses('a and b and c', and(and(f('a'), f('b')), f('c')));
parses('not a or not b and c', or(not(f('a')), and(not(f('b')), f('c'))));
parses(' ( p:x )\n', f('p:x'));
parses('not(a)', not(f('a')));
parses('p:not', f('p:not'));
parses('nota', f('nota'));

rejects('', 0, 'expected');
rejects('a b', 2, "found 'b'");
rejects('a and', 5, 'end of input');
rejects('(a', 2, "')'");
rejects('a)', 1, "found ')'");
rejects('not', 3, 'a feature name');
rejects('a & b', 2, "unexpected character '&'");
rejects('and', 0, "found 'and'");
