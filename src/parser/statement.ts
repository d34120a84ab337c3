/**
 * The parsed layer: YANG statements exactly as written in the source, with
 * their location. Nothing is resolved here; the compiler (src/meta) turns a
 * tree of statements into the meta model the runtime uses.
 */

export interface SourceLocation {
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column, counted in characters. */
  readonly col: number;
}

export interface Statement {
  /** The keyword without prefix: `container`, or `annotation` for `md:annotation`. */
  readonly keyword: string;
  /** Set only for extension uses (`prefix:keyword`). */
  readonly prefix: string | undefined;
  /** The argument after quote processing and `+` concatenation, or undefined when absent. */
  readonly arg: string | undefined;
  readonly substatements: readonly Statement[];
  readonly loc: SourceLocation;
}

export type Severity = 'error' | 'warning';

/** A problem found in a YANG source, always with its position. */
export interface YangDiagnostic {
  readonly severity: Severity;
  readonly message: string;
  readonly loc: SourceLocation;
}

export const formatDiagnostic = (d: YangDiagnostic): string =>
  `${d.loc.file}:${d.loc.line}:${d.loc.col}: ${d.severity}: ${d.message}`;
