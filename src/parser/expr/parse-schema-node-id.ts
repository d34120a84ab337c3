/** Absolute and descendant schema node identifiers (RFC 7950 §6.5). */
import { runGrammar, schemaNodeIdGrammar } from '../grammars/index.ts';
import type { ParseResult, SchemaNodeId } from './ast.ts';

export const parseSchemaNodeId = (text: string): ParseResult<SchemaNodeId> =>
  runGrammar<SchemaNodeId>(schemaNodeIdGrammar, text);
