/** The RESTCONF `fields` query parameter (RFC 8040 §4.8.3), already percent-decoded. */
import { fieldsGrammar, runGrammar } from '../grammars/index.ts';
import type { FieldsExpr, ParseResult } from './ast.ts';

export const parseFields = (text: string): ParseResult<FieldsExpr> => runGrammar<FieldsExpr>(fieldsGrammar, text);
