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

/**
 * A line's members written between the head and the end its logger gives
 * (info-line.ts: `{"level":30,"time":…` and `,"msg":"…"}` with the
 * newline), each member with its comma before it (`,"a":1,"b":"x"`, or
 * nothing): a writer that keeps bytes of its own joins them with the head
 * and the end once per head and end, so that a line is fewer copies.
 */
export interface FramedMembers {
  /** The most bytes the members take, without head and end. */
  readonly most: number;
  /** Writes `head`, the members, `end` into `into` from `at`; returns where it ended. */
  writeFramed(into: Uint8Array, at: number, head: Uint8Array, end: Uint8Array): number;
}

/** Copies `bytes` into `into` at `at`; returns where it ended. */
export const bytesInto = (bytes: Uint8Array, into: Uint8Array, at: number): number => {
  into.set(bytes, at);
  return at + bytes.length;
};
