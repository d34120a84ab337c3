/**
 * fast-check arbitraries for XPath ASTs in the canonical form parseXPath
 * produces: non-negative numbers, no filter without predicates or steps, no
 * relative path without steps, no literal with both kinds of quote.
 */
import fc from 'fast-check';
import type { Axis, NodeTest, Step, XPathExpr } from '../../../../src/parser/expr/ast.ts';

/** Objects with Object.prototype, like the parser's, so isDeepStrictEqual compares them. */
const plain = { noNullPrototype: true } as const;

const axes: Axis[] = [
  'ancestor', 'ancestor-or-self', 'attribute', 'child', 'descendant', 'descendant-or-self',
  'following', 'following-sibling', 'namespace', 'parent', 'preceding', 'preceding-sibling', 'self',
];
const trickyNames = ['and', 'or', 'div', 'mod', 'node', 'text', 'comment', 'processing-instruction', 'child', 'self'];

const ncname = fc.oneof(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,5}$/), fc.constantFrom(...trickyNames));
const prefix = fc.option(fc.stringMatching(/^[A-Za-z_][A-Za-z0-9_.-]{0,3}$/), { nil: undefined });
const qname = fc.tuple(prefix, ncname).map(([p, n]) => (p === undefined ? n : `${p}:${n}`));
const functionName = qname.filter((n) => !['node', 'text', 'comment', 'processing-instruction'].includes(n));
const literalValue = fc.string({ maxLength: 8 }).filter((s) => !(s.includes("'") && s.includes('"')));
const numberValue = fc.oneof(
  fc.nat(),
  fc.double({ min: 0, noNaN: true, noDefaultInfinity: true }).filter((n) => !Object.is(n, -0)),
);

const nodeTest: fc.Arbitrary<NodeTest> = fc.oneof(
  fc.record({ kind: fc.constant('name' as const), prefix, name: ncname }, plain),
  fc.record({ kind: fc.constant('wildcard' as const), prefix }, plain),
  fc.constantFrom<NodeTest>({ kind: 'node' }, { kind: 'text' }, { kind: 'comment' }),
  fc.record({ kind: fc.constant('processing-instruction' as const), literal: fc.option(literalValue, { nil: undefined }) }, plain),
);

export const xpathExpr: fc.Arbitrary<XPathExpr> = fc.letrec<{ expr: XPathExpr; step: Step }>((tie) => {
  const expr = tie('expr');
  const steps = (min: number) => fc.array(tie('step'), { minLength: min, maxLength: 3 });
  return {
    step: fc.record(
      { axis: fc.constantFrom(...axes), test: nodeTest, predicates: fc.array(expr, { maxLength: 2 }) },
      plain,
    ),
    expr: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ kind: fc.constant('literal' as const), value: literalValue }, plain),
      fc.record({ kind: fc.constant('number' as const), value: numberValue }, plain),
      fc.record({ kind: fc.constant('variable' as const), name: qname }, plain),
      fc.record({ kind: fc.constant('path' as const), absolute: fc.constant(false), steps: steps(1) }, plain),
      fc.record({ kind: fc.constant('path' as const), absolute: fc.constant(true), steps: steps(0) }, plain),
      fc.record(
        {
          kind: fc.constant('binary' as const),
          op: fc.constantFrom('or', 'and', '=', '!=', '<', '<=', '>', '>=', '+', '-', '*', 'div', 'mod', '|'),
          left: expr,
          right: expr,
        },
        plain,
      ),
      fc.record({ kind: fc.constant('negate' as const), expr }, plain),
      fc.record({ kind: fc.constant('call' as const), name: functionName, args: fc.array(expr, { maxLength: 3 }) }, plain),
      fc
        .record(
          {
            kind: fc.constant('filter' as const),
            primary: expr,
            predicates: fc.array(expr, { maxLength: 2 }),
            steps: steps(0),
          },
          plain,
        )
        .filter((f) => f.predicates.length + f.steps.length > 0),
    ),
  };
}).expr;
