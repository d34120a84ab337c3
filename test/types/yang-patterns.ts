/**
 * Pattern statements of YANG files, for the pattern tests: a small
 * tokenizer and statement reader (comments, quoted strings, `+`), not the
 * project's parser.
 */
import { readFileSync } from 'node:fs';

interface Stmt {
  readonly keyword: string;
  readonly arg: string | undefined;
  readonly children: Stmt[];
}

export interface CorpusPattern {
  readonly file: string;
  /** The enclosing typedef, if any. */
  readonly typedef: string | undefined;
  readonly source: string;
  readonly invertMatch: boolean;
}

type Token = { readonly kind: 'word' | 'quoted'; readonly text: string } | { readonly kind: ';' | '{' | '}' | '+' };

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text.charAt(i);
    if (/\s/.test(c)) i++;
    else if (text.startsWith('//', i)) i = text.indexOf('\n', i) < 0 ? text.length : text.indexOf('\n', i);
    else if (text.startsWith('/*', i)) i = text.indexOf('*/', i) + 2;
    else if (c === ';' || c === '{' || c === '}' || c === '+') { tokens.push({ kind: c }); i++; }
    else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      tokens.push({ kind: 'quoted', text: text.slice(i + 1, end) });
      i = end + 1;
    } else if (c === '"') {
      let s = '';
      for (i++; text.charAt(i) !== '"'; i++) {
        if (text.charAt(i) === '\\') {
          i++;
          const e = text.charAt(i);
          s += e === 'n' ? '\n' : e === 't' ? '\t' : e;
        } else s += text.charAt(i);
      }
      i++;
      tokens.push({ kind: 'quoted', text: s });
    } else {
      const m = /^[^\s;{}]+/.exec(text.slice(i, i + 2000)) as RegExpExecArray;
      tokens.push({ kind: 'word', text: m[0] });
      i += m[0].length;
    }
  }
  return tokens;
}

function readStatements(tokens: Token[], at: { i: number }): Stmt[] {
  const out: Stmt[] = [];
  while (at.i < tokens.length) {
    const t = tokens[at.i++] as Token;
    if (t.kind === '}') return out;
    if (t.kind !== 'word') throw new Error(`unexpected token ${t.kind}`);
    let arg: string | undefined;
    const next = tokens[at.i] as Token;
    if (next.kind === 'word' || next.kind === 'quoted') {
      arg = next.text;
      at.i++;
      while (tokens[at.i]?.kind === '+') {
        const part = tokens[at.i + 1] as Token;
        arg += 'text' in part ? part.text : '';
        at.i += 2;
      }
    }
    const end = tokens[at.i++] as Token;
    out.push({ keyword: t.text, arg, children: end.kind === '{' ? readStatements(tokens, at) : [] });
  }
  return out;
}

/** Every pattern statement in a YANG file, with its enclosing typedef. */
export function patternsOf(path: string): CorpusPattern[] {
  const file = path.slice(path.lastIndexOf('/') + 1);
  const found: CorpusPattern[] = [];
  const walk = (stmts: readonly Stmt[], typedef: string | undefined): void => {
    for (const s of stmts) {
      if (s.keyword === 'pattern' && s.arg !== undefined) {
        const invertMatch = s.children.some((c) => c.keyword === 'modifier' && c.arg === 'invert-match');
        found.push({ file, typedef, source: s.arg, invertMatch });
      }
      walk(s.children, s.keyword === 'typedef' ? s.arg : typedef);
    }
  };
  walk(readStatements(tokenize(readFileSync(path, 'utf8')), { i: 0 }), undefined);
  return found;
}
