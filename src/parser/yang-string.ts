/**
 * Quoted strings, RFC 7950 §6.1.3.
 *
 * A double-quoted string is processed in two steps, in this order:
 *  1. whitespace trimming: spaces and tabs before a line break are removed;
 *     after a line break, leading whitespace is removed up to and including
 *     the column of the opening double quote, or up to the first
 *     non-whitespace character, whichever comes first. A tab counts as 8
 *     spaces; a tab that straddles that column leaves its remainder as spaces.
 *  2. escapes: `\n`, `\t`, `\"`, `\\`. Any other character after a backslash
 *     is reported as an {@link EscapeIssue} and kept as written (backslash and
 *     character): an error in YANG 1.1, tolerated with a warning in YANG 1.0.
 *     The caller decides which, since it knows the module's `yang-version`.
 * A single-quoted string is taken literally. Concatenation (`+`) is the
 * caller's last step.
 */

/** A backslash followed by a character that is not n, t, " or \. */
export interface EscapeIssue {
  /** Index of the backslash in the token text (the opening quote is index 0). */
  readonly index: number;
  /** The character after the backslash (a line break when trimming left the backslash last on its line). */
  readonly char: string;
}

const SPACE = 32;
const TAB = 9;
const CR = 13;
const TAB_WIDTH = 8;

/**
 * The number of columns to strip after each line break of a double-quoted
 * string whose opening quote is at `offset` in `text`: the width of the text
 * before the quote on its line (tabs count 8) plus the quote itself.
 */
export const quoteIndent = (text: string, offset: number): number => {
  let width = 0;
  for (let i = text.lastIndexOf('\n', offset - 1) + 1; i < offset; i++) {
    width += text.charCodeAt(i) === TAB ? TAB_WIDTH : 1;
  }
  return width + 1;
};

/** Replace escapes in `token[from, to)`; `to` is a line break or the closing quote. */
const unescape = (token: string, from: number, to: number, issues: EscapeIssue[]): string => {
  let i = token.indexOf('\\', from);
  if (i < 0 || i >= to) return token.slice(from, to);
  let out = '';
  let run = from;
  while (i >= 0 && i < to) {
    out += token.slice(run, i);
    if (i + 1 === to) {
      // Trimming removed what followed the backslash: it now precedes the line break.
      issues.push({ index: i, char: '\n' });
      out += '\\';
      run = to;
      break;
    }
    const c = token[i + 1] as string;
    if (c === 'n') out += '\n';
    else if (c === 't') out += '\t';
    else if (c === '"') out += '"';
    else if (c === '\\') out += '\\';
    else {
      issues.push({ index: i, char: c });
      out += '\\' + c;
    }
    run = i + 2;
    i = token.indexOf('\\', run);
  }
  return out + token.slice(run, to);
};

/**
 * The value of a double-quoted string token (quotes included in `token`).
 * `indent` is {@link quoteIndent} of the opening quote; it only matters when
 * the string spans lines.
 */
export const doubleQuoted = (token: string, indent: number, issues: EscapeIssue[]): string => {
  const close = token.length - 1;
  let nl = token.indexOf('\n');
  if (nl < 0) return unescape(token, 1, close, issues);
  let out = '';
  let lineStart = 1;
  let first = true;
  for (;;) {
    const last = nl < 0;
    let segEnd = last ? close : nl;
    let lineBreak = '';
    if (!last) {
      lineBreak = '\n';
      if (segEnd > lineStart && token.charCodeAt(segEnd - 1) === CR) {
        segEnd -= 1;
        lineBreak = '\r\n';
      }
      let c = token.charCodeAt(segEnd - 1);
      while (segEnd > lineStart && (c === SPACE || c === TAB)) {
        segEnd -= 1;
        c = token.charCodeAt(segEnd - 1);
      }
    }
    let segStart = lineStart;
    if (!first) {
      let col = 0;
      while (segStart < segEnd && col < indent) {
        const c = token.charCodeAt(segStart);
        if (c === SPACE) col += 1;
        else if (c === TAB) col += TAB_WIDTH;
        else break;
        segStart += 1;
      }
      if (col > indent) out += ' '.repeat(col - indent);
    }
    out += unescape(token, segStart, segEnd, issues) + lineBreak;
    if (last) return out;
    first = false;
    lineStart = nl + 1;
    nl = token.indexOf('\n', lineStart);
  }
};

/** The value of a single-quoted string token: everything between the quotes. */
export const singleQuoted = (token: string): string => token.slice(1, -1);
