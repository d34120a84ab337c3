/**
 * Prints an XPath AST as XPath 1.0 text that parseXPath reads back to the
 * same AST (for ASTs the parser can produce), using the abbreviated syntax
 * where it applies. Used in error messages and by the round-trip tests.
 */
import type { BinaryOp, NodeTest, Step, XPathExpr } from './ast.ts';

const precedence: Readonly<Record<BinaryOp, number>> = {
  or: 1, and: 2, '=': 3, '!=': 3, '<': 4, '<=': 4, '>': 4, '>=': 4,
  '+': 5, '-': 5, '*': 6, div: 6, mod: 6, '|': 8,
};
const unaryPrecedence = 7;
const pathPrecedence = 9;

const precedenceOf = (e: XPathExpr): number =>
  e.kind === 'binary' ? precedence[e.op] : e.kind === 'negate' ? unaryPrecedence : pathPrecedence;

/** Digits only: XPath numbers have no exponent. `n` is finite and not negative. */
const plainDigits = (n: number): string => {
  const s = String(n);
  const m = /^(\d)(?:\.(\d+))?e([+-]\d+)$/.exec(s);
  if (m === null) return s;
  const digits = (m[1] ?? '') + (m[2] ?? '');
  const point = Number(m[3]) + 1;
  if (point <= 0) return `0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return digits + '0'.repeat(point - digits.length);
  return `${digits.slice(0, point)}.${digits.slice(point)}`;
};

const printNumber = (n: number): string => {
  if (Number.isNaN(n)) return '(0 div 0)';
  if (!Number.isFinite(n)) return n > 0 ? '(1 div 0)' : '(-1 div 0)';
  return n < 0 || Object.is(n, -0) ? `(-${plainDigits(-n)})` : plainDigits(n);
};

/** XPath literals have no escapes: a value with both quote kinds becomes a concat() call. */
const printLiteral = (value: string): string => {
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes('"')) return `"${value}"`;
  return `concat(${value.split("'").map((part) => `'${part}'`).join(`, "'", `)})`;
};

const printTest = (t: NodeTest): string => {
  switch (t.kind) {
    case 'name':
      return t.prefix === undefined ? t.name : `${t.prefix}:${t.name}`;
    case 'wildcard':
      return t.prefix === undefined ? '*' : `${t.prefix}:*`;
    case 'processing-instruction':
      return t.literal === undefined ? 'processing-instruction()' : `processing-instruction(${printLiteral(t.literal)})`;
    default:
      return `${t.kind}()`;
  }
};

const isBareNodeStep = (s: Step, axis: Step['axis']): boolean =>
  s.axis === axis && s.test.kind === 'node' && s.predicates.length === 0;

const printStep = (s: Step): string => {
  if (isBareNodeStep(s, 'self')) return '.';
  if (isBareNodeStep(s, 'parent')) return '..';
  const axis = s.axis === 'child' ? '' : s.axis === 'attribute' ? '@' : `${s.axis}::`;
  return axis + printTest(s.test) + s.predicates.map((p) => `[${printXPath(p)}]`).join('');
};

/** Steps after a leading `/` (or `//` when the first step is descendant-or-self::node()). */
const printRootedSteps = (steps: readonly Step[]): string => {
  let out = '';
  for (let i = 0; i < steps.length; i++) {
    const s = steps[i] as Step;
    const next = steps[i + 1];
    if (next !== undefined && isBareNodeStep(s, 'descendant-or-self')) {
      out += `//${printStep(next)}`;
      i++;
    } else {
      out += `/${printStep(s)}`;
    }
  }
  return out;
};

const printPath = (absolute: boolean, steps: readonly Step[]): string => {
  if (absolute) return steps.length === 0 ? '/' : printRootedSteps(steps);
  const [first, ...rest] = steps;
  return first === undefined ? '' : printStep(first) + printRootedSteps(rest);
};

const isAtomic = (e: XPathExpr): boolean =>
  e.kind === 'literal' || e.kind === 'variable' || e.kind === 'call' || (e.kind === 'number' && e.value >= 0);

/** `e` where an operand of at least `min` precedence is wanted. */
const operand = (e: XPathExpr, min: number): string => {
  const bareRoot = e.kind === 'path' && e.absolute && e.steps.length === 0;
  return precedenceOf(e) < min || bareRoot ? `(${printXPath(e)})` : printXPath(e);
};

export const printXPath = (e: XPathExpr): string => {
  switch (e.kind) {
    case 'binary': {
      const p = precedence[e.op];
      // A bare `/` on the left would make `*` a name test and `div` a name (§3.7): operand() brackets it.
      return `${operand(e.left, p)} ${e.op} ${operand(e.right, e.op === '|' ? pathPrecedence : p + 1)}`;
    }
    case 'negate':
      return `-${operand(e.expr, unaryPrecedence)}`;
    case 'path':
      return printPath(e.absolute, e.steps);
    case 'filter': {
      const primary = isAtomic(e.primary) ? printXPath(e.primary) : `(${printXPath(e.primary)})`;
      return primary + e.predicates.map((p) => `[${printXPath(p)}]`).join('') + printRootedSteps(e.steps);
    }
    case 'literal':
      return printLiteral(e.value);
    case 'number':
      return printNumber(e.value);
    case 'variable':
      return `$${e.name}`;
    case 'call':
      return `${e.name}(${e.args.map(printXPath).join(', ')})`;
  }
};
