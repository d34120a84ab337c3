/** if-feature expressions (RFC 7950 §7.20.2). `and`/`or` nest to the left: `a or b or c` is `(a or b) or c`. */
import { ifFeatureGrammar, runGrammar } from '../grammars/index.ts';
import type { IfFeatureExpr, ParseResult } from './ast.ts';

export const parseIfFeature = (text: string): ParseResult<IfFeatureExpr> =>
  runGrammar<IfFeatureExpr>(ifFeatureGrammar, text);
