/** Line and column (both from 1, columns in UTF-16 code units) of an offset in a text. */
export interface TextPosition {
  readonly line: number;
  readonly column: number;
}

export const positionAt = (text: string, offset: number): TextPosition => {
  let line = 1;
  let lineStart = 0;
  const end = Math.min(offset, text.length);
  for (let i = text.indexOf('\n'); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: end - lineStart + 1 };
};
