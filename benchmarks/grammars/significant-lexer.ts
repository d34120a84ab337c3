/**
 * The YANG moo lexer as nearley wants it: the same tokens the hand-written
 * reader sees, without whitespace and comments. It remembers the text so that
 * the grammar's actions can process quoted strings exactly like the reader.
 */
import type { Lexer, LexerState, Token } from 'moo';
import { yangLexer } from '../../src/parser/yang-lexer.ts';

/** A moo token, with the index signature nearley's generated types ask for. */
export type NearleyMooToken = Token & { readonly [key: string]: unknown };

const TYPES = new Set(['lbrace', 'rbrace', 'semi', 'plus', 'dqString', 'sqString', 'unquoted']);

export class SignificantLexer {
  /** The text being parsed. */
  text = '';
  /** The file name put in each statement's location. */
  file = '';
  private readonly inner: Lexer = yangLexer('');

  reset(chunk: string, state?: LexerState): void {
    this.text = chunk;
    this.inner.reset(chunk, state);
  }

  next(): NearleyMooToken | undefined {
    for (;;) {
      const tok = this.inner.next();
      if (tok === undefined) return undefined;
      const type = tok.type;
      if (type !== 'ws' && type !== 'lineComment' && type !== 'blockComment') return tok as NearleyMooToken;
    }
  }

  save(): LexerState {
    return this.inner.save();
  }

  formatError(token: Token): string {
    return this.inner.formatError(token, 'unexpected token');
  }

  has(type: string): boolean {
    return TYPES.has(type);
  }
}
