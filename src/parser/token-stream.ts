/**
 * The significant tokens of one YANG source, for the statement reader:
 * whitespace and comments are skipped, lexical errors become diagnostics, and
 * one token can be pushed back. Collects every diagnostic of the read.
 */
import type { Lexer, Token } from 'moo';
import { yangLexer } from './yang-lexer.ts';
import type { SourceLocation, YangDiagnostic } from './statement.ts';

/** A backslash escape that YANG 1.1 rejects; reported once the yang-version is known. */
export interface PendingEscape {
  readonly loc: SourceLocation;
  readonly char: string;
}

export class TokenStream {
  readonly diagnostics: YangDiagnostic[] = [];
  readonly escapes: PendingEscape[] = [];
  /** Set when a lexical error (unterminated string or comment) swallowed the rest of the input. */
  truncated = false;
  private readonly lexer: Lexer;
  private pushedBack: Token | undefined = undefined;

  /** The source, without a leading byte order mark (editors do not show it, so columns do not count it). */
  readonly text: string;

  constructor(
    text: string,
    readonly file: string,
  ) {
    this.text = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
    this.lexer = yangLexer(this.text);
  }

  /** The next token that is not whitespace or a comment; undefined at the end of the input. */
  next(): Token | undefined {
    const back = this.pushedBack;
    if (back !== undefined) {
      this.pushedBack = undefined;
      return back;
    }
    for (;;) {
      const tok = this.lexer.next();
      if (tok === undefined) return undefined;
      switch (tok.type) {
        case 'ws':
        case 'lineComment':
        case 'blockComment':
          continue;
        case 'badComment':
          return this.fatal(tok, 'unterminated block comment: "/*" has no closing "*/"');
        case 'badDqString':
          return this.fatal(tok, 'unterminated double-quoted string');
        case 'badSqString':
          return this.fatal(tok, 'unterminated single-quoted string');
        case 'badInput':
          return this.fatal(tok, 'unreadable input');
        case 'badCommentEnd':
          this.error(tok.line, tok.col, '"*/" outside a comment (an unquoted string may not contain "*/")');
          continue;
        case 'badChar':
          this.error(tok.line, tok.col, 'carriage return not followed by a line feed');
          continue;
        default:
          return tok;
      }
    }
  }

  /** Make `tok` the next token returned by {@link next}. */
  unread(tok: Token | undefined): void {
    this.pushedBack = tok;
  }

  /** The position just after the last character of the input. */
  endLoc(): SourceLocation {
    const state = this.lexer.save();
    return { file: this.file, line: state.line, col: state.col };
  }

  /** The position of `tok`, or of the end of the input when `tok` is undefined. */
  locOf(tok: Token | undefined): SourceLocation {
    return tok === undefined ? this.endLoc() : { file: this.file, line: tok.line, col: tok.col };
  }

  /** The positions of characters `indices` (ascending) of `tok`'s text, in one pass over it. */
  locsIn(tok: Token, indices: readonly number[]): SourceLocation[] {
    const text = tok.text;
    let line = tok.line;
    let lineStart = -tok.col; // so that col = index - lineStart
    let scanned = 0;
    return indices.map((index) => {
      for (let nl = text.indexOf('\n', scanned); nl >= 0 && nl < index; nl = text.indexOf('\n', nl + 1)) {
        line += 1;
        lineStart = nl;
        scanned = nl + 1;
      }
      return { file: this.file, line, col: index - lineStart };
    });
  }

  /**
   * Report a problem at `tok`, or at the end of the input when `tok` is
   * undefined, unless a lexical error already swallowed the rest of the input.
   */
  unexpected(tok: Token | undefined, message: string): void {
    if (tok === undefined && this.truncated) return;
    this.report(this.locOf(tok), message);
  }

  error(line: number, col: number, message: string): void {
    this.report({ file: this.file, line, col }, message);
  }

  /** Add a diagnostic; a second one at the same position as the previous one is dropped as a consequence of it. */
  report(loc: SourceLocation, message: string, severity: 'error' | 'warning' = 'error'): void {
    const last = this.diagnostics[this.diagnostics.length - 1];
    if (last !== undefined && last.loc.line === loc.line && last.loc.col === loc.col) return;
    this.diagnostics.push({ severity, message, loc });
  }

  private fatal(tok: Token, message: string): undefined {
    this.error(tok.line, tok.col, message);
    this.truncated = true;
    return undefined;
  }
}

/** How a token is named in messages. */
export const describe = (tok: Token | undefined): string => {
  if (tok === undefined) return 'end of file';
  switch (tok.type) {
    case 'dqString':
      return 'a double-quoted string';
    case 'sqString':
      return 'a single-quoted string';
    default:
      return tok.text.length > 40 ? `'${tok.text.slice(0, 37)}...'` : `'${tok.text}'`;
  }
};
