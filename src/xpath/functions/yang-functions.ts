/**
 * YANG 1.1 functions (RFC 7950 §10). Those that need the schema call the
 * hooks of the evaluation context; a missing hook is an evaluation error.
 */
import type { XPathExpr } from '../../parser/expr/ast.ts';
import type { XPathScope } from '../xpath-context.ts';
import { XPathError, type Run } from '../runtime.ts';
import { xpathString } from '../xpath-string.ts';
import type { XPathValue } from '../xpath-value.ts';
import { nodeSetArg, type XPathFunction } from './xpath-function.ts';
import { xsdMatcher } from './xsd-pattern.ts';

/** "prefix:name" or "name" (default module) → module and name; undefined when unresolvable. */
export function resolveIdentity(text: string, scope: XPathScope): { module: string; name: string } | undefined {
  const colon = text.indexOf(':');
  const module = colon < 0 ? scope.defaultModule : scope.prefixes.get(text.slice(0, colon));
  return module === undefined ? undefined : { module, name: text.slice(colon + 1) };
}

function hook<K extends keyof Run['functions']>(run: Run, key: K, fn: string): NonNullable<Run['functions'][K]> {
  const h = run.functions[key];
  if (h === undefined) throw new XPathError(`${fn}() needs the schema: the context has no ${key} hook`);
  return h as NonNullable<Run['functions'][K]>;
}

function derivedFrom(orSelf: boolean): XPathFunction {
  const fn = orSelf ? 'derived-from-or-self' : 'derived-from';
  return {
    minArgs: 2, maxArgs: 2,
    check: (args: readonly XPathExpr[], scope) => {
      const a = args[1];
      if (a?.kind !== 'literal' || resolveIdentity(a.value, scope) !== undefined) return undefined;
      return `${fn}(): cannot resolve the prefix of identity '${a.value}'`;
    },
    call: (args: readonly XPathValue[], _focus, run) => {
      const nodes = nodeSetArg(fn, args[0]);
      const text = xpathString(args[1] as XPathValue);
      const base = resolveIdentity(text, run.scope);
      if (base === undefined) throw new XPathError(`${fn}(): cannot resolve the prefix of identity '${text}'`);
      const test = hook(run, 'derivedFrom', fn);
      run.budget.spend(nodes.length);
      return nodes.some((n) => {
        const v = n.stringValue();
        return test(v.includes(':') ? v : `${n.module}:${v}`, base, orSelf);
      });
    },
  };
}

const reMatch: XPathFunction = {
  minArgs: 2, maxArgs: 2,
  // a literal pattern is checked once, when the expression is compiled
  check: (args) => {
    const p = args[1];
    if (p?.kind !== 'literal') return undefined;
    const c = xsdMatcher(p.value);
    return c.ok ? undefined : `re-match(): invalid regular expression '${p.value}': ${c.message}`;
  },
  call: (args, _focus, run) => {
    const pattern = xpathString(args[1] as XPathValue, run.budget);
    const c = xsdMatcher(pattern);
    if (!c.ok) throw new XPathError(`re-match(): invalid regular expression '${pattern}': ${c.message}`);
    const text = xpathString(args[0] as XPathValue, run.budget);
    return c.matcher.test(text, run.budget.matcherMeter);
  },
};

export const yangFunctions: ReadonlyMap<string, XPathFunction> = new Map<string, XPathFunction>([
  ['current', { minArgs: 0, maxArgs: 0, call: (_a, _f, run) => [run.current] }],
  ['re-match', reMatch],
  ['deref', {
    minArgs: 1, maxArgs: 1,
    call: (args, _f, run) => {
      const first = nodeSetArg('deref', args[0])[0];
      if (first === undefined) return [];
      const targets = [...hook(run, 'deref', 'deref')(first)];
      run.budget.spend(targets.length);
      return run.order.sort(targets);
    },
  }],
  ['derived-from', derivedFrom(false)],
  ['derived-from-or-self', derivedFrom(true)],
  ['enum-value', {
    minArgs: 1, maxArgs: 1,
    call: (args, _f, run) => {
      const first = nodeSetArg('enum-value', args[0])[0];
      return first === undefined ? NaN : hook(run, 'enumValue', 'enum-value')(first) ?? NaN;
    },
  }],
  ['bit-is-set', {
    minArgs: 2, maxArgs: 2,
    call: (args, _focus, run) => {
      const first = nodeSetArg('bit-is-set', args[0])[0];
      const bit = xpathString(args[1] as XPathValue, run.budget);
      if (first === undefined || bit === '') return false;
      const bits = first.stringValue();
      run.budget.spendChars(bits.length + bit.length);
      return bits.split(/[ \t\r\n]+/).includes(bit);
    },
  }],
]);
