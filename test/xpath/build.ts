/**
 * Hand-built XPath ASTs for the tests, so they do not depend on the parser.
 * `loc('../a:b/c')` builds a location path from abbreviated text without
 * predicates; `st('a:item', pred)` builds one step with predicates.
 */
import type { Axis, BinaryOp, NodeTest, Step, XPathExpr } from '../../src/parser/expr/ast.ts';

export const lit = (value: string): XPathExpr => ({ kind: 'literal', value });
export const num = (value: number): XPathExpr => ({ kind: 'number', value });
export const call = (name: string, ...args: XPathExpr[]): XPathExpr => ({ kind: 'call', name, args });
export const bin = (op: BinaryOp, left: XPathExpr, right: XPathExpr): XPathExpr => ({ kind: 'binary', op, left, right });
export const neg = (expr: XPathExpr): XPathExpr => ({ kind: 'negate', expr });
export const variable = (name: string): XPathExpr => ({ kind: 'variable', name });
export const filter = (primary: XPathExpr, predicates: XPathExpr[], steps: Step[] = []): XPathExpr =>
  ({ kind: 'filter', primary, predicates, steps });
export const path = (absolute: boolean, ...steps: Step[]): XPathExpr => ({ kind: 'path', absolute, steps });

/** `a:b`, `b`, `*`, `a:*`, `node()`, `text()`, `comment()`, `processing-instruction()`. */
export function nodeTest(text: string): NodeTest {
  if (text === 'node()') return { kind: 'node' };
  if (text === 'text()') return { kind: 'text' };
  if (text === 'comment()') return { kind: 'comment' };
  if (text === 'processing-instruction()') return { kind: 'processing-instruction', literal: undefined };
  const colon = text.indexOf(':');
  const prefix = colon < 0 ? undefined : text.slice(0, colon);
  const name = colon < 0 ? text : text.slice(colon + 1);
  return name === '*' ? { kind: 'wildcard', prefix } : { kind: 'name', prefix, name };
}

/** One step: `.`, `..`, `@x`, `axis::test`, or a child name test. */
export function st(text: string, ...predicates: XPathExpr[]): Step {
  if (/[[\]()]/.test(text) && !text.endsWith('()')) throw new Error(`st() takes no predicates in text: ${text}`);
  if (text === '.') return { axis: 'self', test: { kind: 'node' }, predicates };
  if (text === '..') return { axis: 'parent', test: { kind: 'node' }, predicates };
  if (text.startsWith('@')) return { axis: 'attribute', test: nodeTest(text.slice(1)), predicates };
  const sep = text.indexOf('::');
  if (sep < 0) return { axis: 'child', test: nodeTest(text), predicates };
  return { axis: text.slice(0, sep) as Axis, test: nodeTest(text.slice(sep + 2)), predicates };
}

const anyDescendantOrSelf: Step = { axis: 'descendant-or-self', test: { kind: 'node' }, predicates: [] };

/** An abbreviated location path; predicates, if given, go on the last step. */
export function loc(text: string, ...predicates: XPathExpr[]): XPathExpr {
  const absolute = text.startsWith('/');
  const steps: Step[] = [];
  let rest = absolute ? text.slice(1) : text;
  if (absolute && rest.startsWith('/')) {
    steps.push(anyDescendantOrSelf);
    rest = rest.slice(1);
  }
  const parts = rest === '' ? [] : rest.split('/');
  for (const part of parts) steps.push(part === '' ? anyDescendantOrSelf : st(part));
  const last = steps[steps.length - 1];
  if (predicates.length > 0 && last !== undefined) steps[steps.length - 1] = { ...last, predicates };
  return path(absolute, ...steps);
}
