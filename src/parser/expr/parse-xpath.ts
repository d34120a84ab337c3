/**
 * XPath 1.0 (W3C XPath 1.0 §2-§3): when, must, leafref path, filters.
 * Abbreviations come back expanded; see ast.ts.
 */
import { runGrammar, xpathGrammar } from '../grammars/index.ts';
import type { ParseResult, XPathExpr } from './ast.ts';

export const parseXPath = (text: string): ParseResult<XPathExpr> => runGrammar<XPathExpr>(xpathGrammar, text);
