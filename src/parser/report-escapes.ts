/**
 * Backslash escapes other than `\n`, `\t`, `\"` and `\\` (RFC 7950 §6.1.3):
 * an error in YANG 1.1, kept as written with a warning in YANG 1.0 (RFC 6020
 * does not forbid them). The reader queues them while reading, because the
 * module's `yang-version` is only known once its header has been read.
 */
import type { Statement } from './statement.ts';
import type { TokenStream } from './token-stream.ts';

/** The module's `yang-version` argument; `1` when there is none. */
export const yangVersion = (module: Statement | undefined): string => {
  const stmt = module?.substatements.find((s) => s.keyword === 'yang-version' && s.prefix === undefined);
  return stmt?.arg ?? '1';
};

const shown = (char: string): string => (char === '\n' ? 'a line break' : `'${char}'`);

/** Turn the stream's queued escapes into diagnostics whose severity follows the yang-version. */
export const reportEscapes = (stream: TokenStream, module: Statement | undefined): void => {
  if (stream.escapes.length === 0) return;
  const strict = yangVersion(module) !== '1';
  for (const { loc, char } of stream.escapes) {
    if (strict) {
      stream.report(loc, `invalid escape: backslash followed by ${shown(char)} (YANG 1.1 allows only \\n, \\t, \\" and \\\\)`);
    } else {
      stream.report(loc, `backslash followed by ${shown(char)} is kept as written (YANG 1.0; YANG 1.1 rejects it)`, 'warning');
    }
  }
};
