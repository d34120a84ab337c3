/**
 * The statement reader: YANG text to a tree of {@link Statement}s
 * (RFC 7950 §6.3: `stmt = keyword [argument] (";" / "{" *stmt "}")`).
 *
 * Hand-written recursive descent over the moo tokens, with an explicit stack
 * instead of recursion so that deep nesting cannot overflow. It never throws:
 * every problem is a diagnostic with its position, and after most errors it
 * recovers and goes on to report more.
 */
import type { Token } from 'moo';
import { readQuotedArgument } from './read-argument.ts';
import type { SourceLocation, Statement, YangDiagnostic } from './statement.ts';
import { TokenStream, describe } from './token-stream.ts';
import { reportEscapes } from './report-escapes.ts';

export interface ReadResult {
  /**
   * The module or submodule statement, or undefined when none could be read.
   * When `diagnostics` holds an error this is a best-effort tree.
   */
  readonly statement: Statement | undefined;
  /** Errors and warnings, in source order. */
  readonly diagnostics: YangDiagnostic[];
}

const KEYWORD = /^(?:[A-Za-z_][\w.-]*:)?[A-Za-z_][\w.-]*$/;
const NONE: readonly Statement[] = Object.freeze([]);

/** An open block: the statement whose `{` was read, or a block skipped after an error. */
interface Frame {
  /** Where the block's statements go; undefined for a skipped block. */
  readonly subs: Statement[] | undefined;
  /** How the statement is named in messages: `'container'`, or `a double-quoted string`. */
  readonly shown: string;
  readonly loc: SourceLocation;
}

type Terminator = 'semi' | 'lbrace' | 'rbrace' | 'eof';

/** Skip to the next `;`, `{` or `}` (a `}` is left in the stream). */
const skipToTerminator = (stream: TokenStream): Terminator => {
  for (;;) {
    const tok = stream.next();
    if (tok === undefined) return 'eof';
    const type = tok.type;
    if (type === 'semi' || type === 'lbrace') return type;
    if (type === 'rbrace') {
      stream.unread(tok);
      return type;
    }
  }
};

const byPosition = (a: YangDiagnostic, b: YangDiagnostic): number =>
  a.loc.line - b.loc.line || a.loc.col - b.loc.col;

/** The line on which `tok` ends. */
const lastLine = (tok: Token): number => tok.line + tok.lineBreaks;

export const readYang = (text: string, file: string): ReadResult => {
  const stream = new TokenStream(text, file);
  const top: Statement[] = [];
  const frames: Frame[] = [];

  /** Read one statement whose first token is `kw`; opens a frame when it has a block. */
  const readStatement = (kw: Token): void => {
    const siblings = frames.length === 0 ? top : frames[frames.length - 1]?.subs;
    const name = kw.text;
    if (kw.type !== 'unquoted' || !KEYWORD.test(name)) {
      stream.unexpected(kw, `expected a statement keyword, found ${describe(kw)}`);
      if (kw.type === 'semi') return;
      if (kw.type === 'lbrace' || skipToTerminator(stream) === 'lbrace') frames.push({ subs: undefined, shown: describe(kw), loc: stream.locOf(kw) });
      return;
    }
    const colon = name.indexOf(':');
    const loc: SourceLocation = { file, line: kw.line, col: kw.col };
    let arg: string | undefined;
    let last = kw;
    let tok = stream.next();
    if (tok !== undefined) {
      const type = tok.type;
      if (type === 'unquoted' || type === 'plus') {
        arg = tok.text;
        last = tok;
        tok = stream.next();
      } else if (type === 'dqString' || type === 'sqString') {
        if (tok.offset === kw.offset + name.length) {
          stream.error(tok.line, tok.col, `expected whitespace between '${name}' and its argument`);
        }
        last = tok;
        arg = readQuotedArgument(stream, tok);
        tok = stream.next();
      }
    }
    const subs: Statement[] | undefined = tok !== undefined && tok.type === 'lbrace' ? [] : undefined;
    const stmt: Statement = {
      keyword: colon < 0 ? name : name.slice(colon + 1),
      prefix: colon < 0 ? undefined : name.slice(0, colon),
      arg,
      substatements: subs ?? NONE,
      loc,
    };
    siblings?.push(stmt);
    if (tok === undefined) {
      stream.unexpected(tok, `expected ';' or '{' after '${name}', found end of file`);
      return;
    }
    const type = tok.type;
    if (type === 'semi') return;
    if (subs !== undefined) {
      frames.push({ subs, shown: `'${name}'`, loc });
      return;
    }
    stream.unexpected(tok, `expected ';' or '{' after ${arg === undefined ? `'${name}'` : `the argument of '${name}'`}, found ${describe(tok)}`);
    // Recover: a '}' or a keyword on a later line starts what follows; otherwise skip to the end of this statement.
    if (type === 'rbrace' || (type === 'unquoted' && tok.line > lastLine(last))) {
      stream.unread(tok);
      return;
    }
    if (skipToTerminator(stream) === 'lbrace') frames.push({ subs: undefined, shown: `'${name}'`, loc });
  };

  for (;;) {
    const tok = stream.next();
    if (tok === undefined) {
      // (when a statement was cut short by the end, it said so at this same position, and this is dropped)
      const open = frames[frames.length - 1];
      if (open !== undefined) {
        stream.unexpected(tok, `unexpected end of file: '{' of ${open.shown} at ${open.loc.line}:${open.loc.col} is not closed`);
      } else if (top.length === 0) {
        stream.unexpected(tok, `expected a 'module' or 'submodule' statement, found end of file`);
      }
      break;
    }
    if (frames.length === 0 && top.length > 0) {
      stream.error(tok.line, tok.col, `unexpected ${describe(tok)} after the end of '${top[0]?.keyword ?? ''}'`);
      break;
    }
    if (tok.type === 'rbrace') {
      if (frames.pop() === undefined) stream.error(tok.line, tok.col, `unexpected '}'`);
      continue;
    }
    const before = top.length;
    readStatement(tok);
    const first = top[0];
    if (before === 0 && first !== undefined && (first.prefix !== undefined || (first.keyword !== 'module' && first.keyword !== 'submodule'))) {
      stream.error(first.loc.line, first.loc.col, `expected 'module' or 'submodule', found '${tok.text}'`);
    }
  }

  const statement = top[0];
  reportEscapes(stream, statement);
  return { statement, diagnostics: stream.diagnostics.sort(byPosition) };
};
