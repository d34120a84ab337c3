/**
 * The parser of W3C XML Schema regular expressions (XSD 1.0 Part 2,
 * Appendix F), which YANG patterns use. Anything outside the XSD grammar is
 * an error with its position (in code points).
 *
 * - `.` is any character but `\n` and `\r`; `\s` is space, tab, `\n`, `\r`;
 *   `\d` is `\p{Nd}`; `\w` is every character outside `\p{P}`, `\p{Z}`, `\p{C}`;
 *   `\i` and `\c` are XML name characters (see `xsd-name-chars.ts`);
 *   `\p{Lu}` categories and `\p{IsBasicLatin}` blocks; `\P{…}` complements.
 * - `^` and `$` are ordinary characters; groups only group; quantifiers have
 *   no lazy form (`a*?` is an error, not a lazy star).
 */
import type { CharSet, XsdClassNode, XsdRegexNode } from './xsd-regex-ast.ts';
import { blockClassBody } from './xsd-blocks.ts';
import { NAME_CHARS, NAME_START_CHARS } from './xsd-name-chars.ts';

export type XsdRegexParse =
  | { readonly ok: true; readonly regex: XsdRegexNode }
  | { readonly ok: false; /** The problem and its position. */ readonly message: string; /** In code points. */ readonly index: number };

/** Parses an XSD regular expression. */
export function parseXsdRegex(pattern: string): XsdRegexParse {
  const parser = new Parser(Array.from(pattern));
  try {
    return { ok: true, regex: parser.parse() };
  } catch (error) {
    if (!(error instanceof XsdSyntaxError)) throw error;
    return { ok: false, message: `${error.message} at position ${error.index}`, index: error.index };
  }
}

class XsdSyntaxError extends Error {
  constructor(message: string, readonly index: number) {
    super(message);
  }
}

type Escape = { readonly char: number } | { readonly set: CharSet };

/** Characters escaped with a backslash in JavaScript source (`-` only inside classes). */
const SYNTAX = new Set(Array.from('^$\\.*+?()[]{}|/', (c) => c.charCodeAt(0)));
const SINGLE_ESCAPES: Readonly<Record<string, number>> = {
  n: 0x0a, r: 0x0d, t: 0x09, '\\': 0x5c, '|': 0x7c, '.': 0x2e, '?': 0x3f, '*': 0x2a, '+': 0x2b,
  '(': 0x28, ')': 0x29, '{': 0x7b, '}': 0x7d, '-': 0x2d, '[': 0x5b, ']': 0x5d, '^': 0x5e,
};
const MULTI_ESCAPES: Readonly<Record<string, CharSet>> = {
  s: { body: '\\u{20}\\t\\n\\r', negated: false },
  S: { body: '\\u{20}\\t\\n\\r', negated: true },
  i: { body: NAME_START_CHARS, negated: false },
  I: { body: NAME_START_CHARS, negated: true },
  c: { body: NAME_CHARS, negated: false },
  C: { body: NAME_CHARS, negated: true },
  d: { body: '\\p{Nd}', negated: false },
  D: { body: '\\P{Nd}', negated: false },
  w: { body: '\\p{P}\\p{Z}\\p{C}', negated: true },
  W: { body: '\\p{P}\\p{Z}\\p{C}', negated: false },
};
/** `.`: every character but line ends. */
const ANY: CharSet = { body: '\\n\\r', negated: true };
const CATEGORY = /^(?:L[ultmo]?|M[nce]?|N[dlo]?|P[cdseifo]?|Z[slp]?|S[mcko]?|C[cfon]?)$/;
const QUANTIFIER_START = new Set(['?', '*', '+', '{']);

/** A code point as JavaScript source for the `u` flag (escaped where it is syntax). */
export function literal(cp: number, inClass: boolean): string {
  const c = String.fromCodePoint(cp);
  if (/^[0-9A-Za-z]$/.test(c)) return c;
  if (SYNTAX.has(cp) || (inClass && cp === 0x2d)) return `\\${c}`;
  if (cp > 0x20 && cp < 0x7f) return c;
  return `\\u{${cp.toString(16)}}`;
}

const EMPTY: XsdRegexNode = { kind: 'sequence', items: [] };

class Parser {
  private pos = 0;

  constructor(private readonly chars: readonly string[]) {}

  parse(): XsdRegexNode {
    const regex = this.regExp();
    if (this.pos < this.chars.length) this.fail('unmatched ")"');
    return regex;
  }

  private fail(message: string, index = this.pos): never {
    throw new XsdSyntaxError(message, index);
  }

  private peek(offset = 0): string | undefined {
    return this.chars[this.pos + offset];
  }

  private next(): string {
    const c = this.chars[this.pos];
    if (c === undefined) this.fail('unexpected end of pattern');
    this.pos++;
    return c;
  }

  // regExp ::= branch ( '|' branch )*
  private regExp(): XsdRegexNode {
    const branches = [this.branch()];
    while (this.peek() === '|') {
      this.pos++;
      branches.push(this.branch());
    }
    return branches.length === 1 ? (branches[0] as XsdRegexNode) : { kind: 'choice', branches };
  }

  // branch ::= piece*
  private branch(): XsdRegexNode {
    const items: XsdRegexNode[] = [];
    for (let c = this.peek(); c !== undefined && c !== '|' && c !== ')'; c = this.peek()) items.push(this.piece());
    if (items.length === 0) return EMPTY;
    return items.length === 1 ? (items[0] as XsdRegexNode) : { kind: 'sequence', items };
  }

  // piece ::= atom quantifier?
  private piece(): XsdRegexNode {
    const atom = this.atom();
    const piece = this.quantifier(atom);
    const c = this.peek();
    if (piece !== atom && c !== undefined && QUANTIFIER_START.has(c)) this.fail(`"${c}" cannot follow a quantifier`);
    return piece;
  }

  private quantifier(item: XsdRegexNode): XsdRegexNode {
    const c = this.peek();
    if (c === '?' || c === '*' || c === '+') {
      this.pos++;
      return { kind: 'repeat', item, min: c === '+' ? 1 : 0, max: c === '?' ? 1 : undefined, text: c };
    }
    if (c !== '{') return item;
    const start = this.pos++;
    const min = this.digits();
    if (min === '') this.fail('a quantifier needs a minimum count', start);
    let max: string | undefined;
    if (this.peek() === ',') {
      this.pos++;
      max = this.digits();
    }
    if (this.peek() !== '}') this.fail('unterminated quantifier', start);
    this.pos++;
    if (max !== undefined && max !== '' && BigInt(max) < BigInt(min)) {
      this.fail(`quantifier {${min},${max}} has its maximum below its minimum`, start);
    }
    const text = max === undefined ? `{${min}}` : `{${min},${max}}`;
    const upper = max === undefined ? Number(min) : max === '' ? undefined : Number(max);
    return { kind: 'repeat', item, min: Number(min), max: upper, text };
  }

  private digits(): string {
    let text = '';
    for (let c = this.peek(); c !== undefined && c >= '0' && c <= '9'; c = this.peek()) {
      text += c;
      this.pos++;
    }
    return text;
  }

  // atom ::= Char | charClass | '(' regExp ')'
  private atom(): XsdRegexNode {
    const at = this.pos;
    const c = this.next();
    switch (c) {
      case '(': {
        const inner = this.regExp();
        if (this.peek() !== ')') this.fail('missing ")"', at);
        this.pos++;
        return { kind: 'group', inner };
      }
      case '[':
        return this.charClassExpr(at);
      case '.':
        return { kind: 'set', set: ANY };
      case '\\': {
        const escape = this.escape();
        return 'char' in escape ? { kind: 'char', cp: escape.char } : { kind: 'set', set: escape.set };
      }
      case '?': case '*': case '+': case '{':
        return this.fail(`quantifier "${c}" has nothing to repeat`, at);
      case ']': case '}':
        return this.fail(`"${c}" must be escaped`, at);
      default:
        return { kind: 'char', cp: c.codePointAt(0) as number };
    }
  }

  // After '\': SingleCharEsc | MultiCharEsc | catEsc | complEsc
  private escape(): Escape {
    const at = this.pos - 1;
    const c = this.peek();
    if (c === undefined) this.fail('the pattern ends with "\\"', at);
    this.pos++;
    const single = SINGLE_ESCAPES[c];
    if (single !== undefined) return { char: single };
    const multi = MULTI_ESCAPES[c];
    if (multi !== undefined) return { set: multi };
    if (c === 'p' || c === 'P') return { set: this.property(c === 'P', at) };
    return this.fail(`"\\${c}" is not an XSD escape`, at);
  }

  // '{' charProp '}' after \p or \P
  private property(complement: boolean, at: number): CharSet {
    if (this.peek() !== '{') this.fail('"\\p" needs a {name}', at);
    this.pos++;
    let name = '';
    for (let c = this.peek(); c !== '}'; c = this.peek()) {
      if (c === undefined) this.fail('unterminated "\\p{"', at);
      name += c;
      this.pos++;
    }
    this.pos++;
    if (name.startsWith('Is')) {
      const body = blockClassBody(name.slice(2));
      if (body === undefined) this.fail(`unknown Unicode block "${name}"`, at);
      return { body, negated: complement };
    }
    if (!CATEGORY.test(name)) this.fail(`unknown Unicode category "${name}"`, at);
    return { body: `\\${complement ? 'P' : 'p'}{${name}}`, negated: false };
  }

  // After '[': charGroup ']'
  private charClassExpr(at: number): XsdClassNode {
    const negated = this.peek() === '^';
    if (negated) this.pos++;
    const sets: CharSet[] = [];
    for (let first = true; ; first = false) {
      const c = this.peek();
      if (c === undefined) this.fail('missing "]"', at);
      if (c === ']') {
        if (first) this.fail('empty character class', at);
        this.pos++;
        return { kind: 'class', negated, sets, subtracted: undefined };
      }
      if (c === '[') this.fail('"[" must be escaped in a character class');
      if (c === '-' && !first) {
        const after = this.peek(1);
        if (after === '[') {
          const subAt = ++this.pos;
          this.pos++;
          const subtracted = this.charClassExpr(subAt);
          if (this.peek() !== ']') this.fail('a class subtraction must end its class');
          this.pos++;
          return { kind: 'class', negated, sets, subtracted };
        }
        if (after !== ']' && after !== undefined) {
          this.fail('"-" must be escaped, or come first or last in a character class');
        }
        this.pos++;
        sets.push({ body: '\\-', negated: false });
        continue;
      }
      sets.push(this.charRange(first));
    }
  }

  // seRange | single character | class escape, inside a group
  private charRange(first: boolean): CharSet {
    const at = this.pos;
    const start = this.classChar(first);
    const dash = this.peek() === '-' ? this.peek(1) : undefined;
    const isRange = dash !== undefined && dash !== ']' && dash !== '[';
    if (!('char' in start)) {
      if (isRange) this.fail('a range cannot start with a multi-character escape', at);
      return start.set;
    }
    if (!isRange) return { body: literal(start.char, true), negated: false };
    this.pos++;
    const end = this.classChar(false);
    if (!('char' in end)) return this.fail('a range cannot end with a multi-character escape', at);
    if (end.char < start.char) this.fail('character range out of order', at);
    return { body: `${literal(start.char, true)}-${literal(end.char, true)}`, negated: false };
  }

  private classChar(first: boolean): Escape {
    const c = this.next();
    if (c === '\\') return this.escape();
    if (c === '[' || c === ']' || (c === '-' && !first)) this.fail(`"${c}" must be escaped in a character class`, this.pos - 1);
    return { char: c.codePointAt(0) as number };
  }
}
