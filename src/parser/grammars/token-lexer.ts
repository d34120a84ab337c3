/**
 * A nearley lexer over a moo lexer that drops whitespace tokens and lets a
 * grammar rewrite token types from their neighbours (XPath §3.7 needs the
 * previous and the next token). The whole input is tokenized on reset: every
 * expression we parse is short, and having the tokens in an array makes the
 * look-around trivial.
 */
import type { Lexer as MooLexer, Token } from 'moo';
import type { Lexer, LexerState } from 'nearley';

/** Rewrites `tokens[i].type` in place; called once per reset with whitespace already removed. */
export type Retype = (tokens: Token[]) => void;

export interface TokenLexerOptions {
  /**
   * Every token type the grammar may name, including those only the retype
   * step produces. `has` answers from this list, so a misspelt `%type` in a
   * grammar fails when the grammar module loads.
   */
  readonly types: readonly string[];
  /** Token types that are dropped (whitespace). */
  readonly skip?: readonly string[];
  readonly retype?: Retype;
}

export class TokenLexer implements Lexer {
  private tokens: Token[] = [];
  private index = 0;
  private readonly skip: ReadonlySet<string>;
  private readonly types: ReadonlySet<string>;
  private readonly retype: Retype | undefined;

  constructor(
    private readonly moo: MooLexer,
    options: TokenLexerOptions,
  ) {
    this.skip = new Set(options.skip ?? []);
    this.types = new Set(options.types);
    this.retype = options.retype;
  }

  reset(chunk: string): void {
    const tokens: Token[] = [];
    this.moo.reset(chunk);
    for (let t = this.moo.next(); t !== undefined; t = this.moo.next()) {
      if (t.type !== undefined && this.skip.has(t.type)) continue;
      tokens.push(t);
      if (t.type === 'error') break;
    }
    this.retype?.(tokens);
    this.tokens = tokens;
    this.index = 0;
  }

  next(): Token | undefined {
    return this.tokens[this.index++];
  }

  save(): LexerState {
    return {};
  }

  formatError(token: Token, message = 'syntax error'): string {
    return `${message} at offset ${token.offset}`;
  }

  has(tokenType: string): boolean {
    return this.types.has(tokenType);
  }
}
