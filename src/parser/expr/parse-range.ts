/** range and length arguments (RFC 7950 §9.2.4, §9.4.4); numbers are kept as written. */
import { rangeGrammar, runGrammar } from '../grammars/index.ts';
import type { ParseResult, RangeExpr } from './ast.ts';

export const parseRange = (text: string): ParseResult<RangeExpr> => runGrammar<RangeExpr>(rangeGrammar, text);
