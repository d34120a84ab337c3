/**
 * A log line, or a part of one, that writes itself as UTF-8 bytes straight
 * into the memory its lines are held in (held-lines.ts): what repeats from
 * line to line is copied as bytes made once, the rest written byte by byte.
 * Made as text, a line would be a tree of strings the engine flattens and
 * then encodes, which costs more than the line's own bytes.
 */
export interface LineBytes {
  /** The most bytes it may take. */
  readonly most: number;
  /** Writes it into `into` from `at` (at least `most` bytes free there); returns where it ended. */
  writeInto(into: Uint8Array, at: number): number;
}

/** Writes text whose every character is below U+0080 (one byte each); returns where it ended. */
export const asciiInto = (text: string, into: Uint8Array, at: number): number => {
  for (let i = 0; i < text.length; i += 1) into[at + i] = text.charCodeAt(i);
  return at + text.length;
};
