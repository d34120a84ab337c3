/**
 * The expression grammars, compiled once, with the names their error
 * messages use. Parsers in ../expr run them through runGrammar.
 */
import fieldsRules from './fields.grammar.ts';
import ifFeatureRules from './if-feature.grammar.ts';
import rangeRules from './range.grammar.ts';
import schemaNodeIdRules from './schema-node-id.grammar.ts';
import xpathRules from './xpath.grammar.ts';
import { fieldsTokenNames } from './fields-lexer.ts';
import { ifFeatureTokenNames } from './if-feature-lexer.ts';
import { rangeTokenNames } from './range-lexer.ts';
import { schemaNodeIdTokenNames } from './schema-node-id-lexer.ts';
import { xpathExpected, xpathTokenNames } from './xpath-lexer.ts';
import { exprGrammar } from './run-grammar.ts';
import type { ExprGrammar } from './run-grammar.ts';

export { allParses, runGrammar } from './run-grammar.ts';
export type { ExprGrammar } from './run-grammar.ts';
export { SnocList, materialize } from './snoc-list.ts';
export type { Building } from './snoc-list.ts';

export const xpathGrammar: ExprGrammar = exprGrammar(xpathRules, {
  tokenNames: xpathTokenNames,
  groups: xpathExpected,
  badTokenNames: { badAxis: 'unknown axis' },
});
export const ifFeatureGrammar: ExprGrammar = exprGrammar(ifFeatureRules, { tokenNames: ifFeatureTokenNames });
export const rangeGrammar: ExprGrammar = exprGrammar(rangeRules, { tokenNames: rangeTokenNames });
export const schemaNodeIdGrammar: ExprGrammar = exprGrammar(schemaNodeIdRules, { tokenNames: schemaNodeIdTokenNames });
export const fieldsGrammar: ExprGrammar = exprGrammar(fieldsRules, { tokenNames: fieldsTokenNames });
