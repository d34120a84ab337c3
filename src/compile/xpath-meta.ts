/** XPath arguments (when, must, path) parsed once per distinct text. */
import type { XPathExpr } from '../parser/expr/ast.ts';
import { parseXPath } from '../parser/expr/index.ts';
import type { Statement } from '../parser/statement.ts';
import type { XPathMeta } from '../meta/meta.ts';
import type { CompileState } from './compile-state.ts';
import type { ParsedSource } from './parsed-source.ts';

const cache = new Map<string, { expr: XPathExpr } | { error: string }>();

export const parseXPathCached = (text: string): { expr: XPathExpr } | { error: string } => {
  let r = cache.get(text);
  if (r === undefined) {
    const p = parseXPath(text);
    r = p.ok ? { expr: p.value } : { error: `${p.message} (at offset ${p.offset})` };
    cache.set(text, r);
  }
  return r;
};

/** The compiled form of an XPath argument, or undefined (with an error) when it does not parse. */
export const xpathMeta = (
  stmt: Statement,
  source: ParsedSource,
  defaultModule: string,
  st: CompileState,
): XPathMeta | undefined => {
  const text = stmt.arg ?? '';
  const r = parseXPathCached(text);
  if ('error' in r) {
    st.diag.error(stmt.loc, `invalid XPath in ${stmt.keyword} "${text}": ${r.error}`);
    return undefined;
  }
  return { text, expr: r.expr, prefixes: source.prefixes, defaultModule, loc: stmt.loc };
};
