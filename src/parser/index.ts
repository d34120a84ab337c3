/** The parsed layer: YANG text to statements (the expression parsers are in ./expr). */
export { readYang } from './read-statements.ts';
export type { ReadResult } from './read-statements.ts';
export { formatDiagnostic } from './statement.ts';
export type { Severity, SourceLocation, Statement, YangDiagnostic } from './statement.ts';
