/**
 * A statement's argument (RFC 7950 §6.1.3): an unquoted string, or one or
 * more quoted strings joined by `+`. Quoted strings are processed here; the
 * token after the argument is left for the caller in the stream.
 */
import type { Token } from 'moo';
import { describe } from './token-stream.ts';
import type { TokenStream } from './token-stream.ts';
import { doubleQuoted, quoteIndent, singleQuoted } from './yang-string.ts';
import type { EscapeIssue } from './yang-string.ts';

const issues: EscapeIssue[] = [];

/** The value of one quoted string token; escapes YANG 1.1 rejects are queued on the stream. */
export const quotedValue = (stream: TokenStream, tok: Token): string => {
  if (tok.type === 'sqString') return singleQuoted(tok.text);
  const indent = tok.lineBreaks === 0 ? 0 : quoteIndent(stream.text, tok.offset);
  const value = doubleQuoted(tok.text, indent, issues);
  if (issues.length > 0) {
    const locs = stream.locsIn(tok, issues.map((i) => i.index));
    issues.forEach((issue, i) => stream.escapes.push({ loc: locs[i] ?? stream.locOf(tok), char: issue.char }));
    issues.length = 0;
  }
  return value;
};

/**
 * The argument that starts with the quoted string `first`, with every
 * `+ "…"` that follows. A `+` not followed by a quoted string is reported and
 * skipped along with the unquoted string after it, if any.
 */
export const readQuotedArgument = (stream: TokenStream, first: Token): string => {
  let value = quotedValue(stream, first);
  for (;;) {
    const tok = stream.next();
    if (tok === undefined) return value;
    const type = tok.type;
    if (type === 'unquoted' && tok.text.charCodeAt(0) === 43 /* + */ && tok.text.length > 1) {
      stream.error(tok.line, tok.col + 1, `expected a quoted string after '+', found '${tok.text.slice(1)}'`);
      continue;
    }
    if (type !== 'plus') {
      stream.unread(tok);
      return value;
    }
    const part = stream.next();
    if (part !== undefined && (part.type === 'dqString' || part.type === 'sqString')) {
      value += quotedValue(stream, part);
      continue;
    }
    stream.unexpected(part, `expected a quoted string after '+', found ${describe(part)}`);
    if (part === undefined || part.type !== 'unquoted') {
      stream.unread(part);
      return value;
    }
  }
};
