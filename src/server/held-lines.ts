/**
 * Log lines held for a write, kept as UTF-8 bytes from the moment they come:
 * each line is written into a chunk of memory at once. Text appended line
 * after line would be a tree of strings the engine keeps until the write
 * and then flattens and encodes in one go, costing more per line than the
 * line's own encoding.
 */
import { Buffer } from 'node:buffer';
import type { LineBytes } from './line-bytes.ts';

type Utf8Writable = Buffer & { utf8Write(text: string, at: number, most: number): number };

/** Chunks kept for use again once written. */
const SPARE_CHUNKS = 2;

export class HeldLines {
  readonly #chunkBytes: number;
  /**
   * The memory of chunks this made, and of those whose bytes were written,
   * the ones to write into again: a chunk made anew for every write is
   * memory outside the engine's heap that its collector counts, and enough
   * of it brings on a full collection every few seconds under load.
   */
  readonly #ours = new WeakSet<ArrayBufferLike>();
  readonly #spare: ArrayBufferLike[] = [];
  /** Chunks written full, in order. */
  #full: Buffer[] = [];
  #fullBytes = 0;
  #chunk: Buffer | undefined;
  #used = 0;

  /** `chunkBytes`: the memory taken at a time (lines longer than a chunk take one of their own). */
  constructor(chunkBytes: number) {
    this.#chunkBytes = Math.max(chunkBytes, 4096);
  }

  /** Bytes held. */
  get bytes(): number {
    return this.#fullBytes + this.#used;
  }

  add(text: string): void {
    // a character is at most 3 bytes of UTF-8
    const chunk = this.#room(text.length * 3);
    // Buffer's own UTF-8 write (what write(text, at) calls, without its argument checks)
    this.#used += (chunk as Utf8Writable).utf8Write(text, this.#used, chunk.length - this.#used);
  }

  /** A line that writes its own bytes (line-bytes.ts). */
  addBytes(line: LineBytes): void {
    const chunk = this.#room(line.most);
    this.#used = line.writeInto(chunk, this.#used);
  }

  /** Everything held, `first` before it, as one Buffer; held no more. */
  take(first = ''): Buffer {
    this.#seal();
    const parts = first === '' ? this.#full : [Buffer.from(first), ...this.#full];
    const all = parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    this.clear();
    return all;
  }

  /** Bytes `take` gave (or the rest of them), once written: their chunk is written into again. */
  giveBack(bytes: Uint8Array): void {
    const memory = bytes.buffer;
    if (this.#ours.has(memory) && this.#spare.length < SPARE_CHUNKS && !this.#spare.includes(memory)) this.#spare.push(memory);
  }

  /** Lines held. */
  lines(): number {
    let n = this.#chunk === undefined ? 0 : countLines(this.#chunk.subarray(0, this.#used));
    for (const b of this.#full) n += countLines(b);
    return n;
  }

  clear(): void {
    this.#full = [];
    this.#fullBytes = 0;
    this.#chunk = undefined;
    this.#used = 0;
  }

  /** The chunk to write the next `most` bytes into, from `#used`: a new one when the one in use has less room (one of its own for a line longer than a chunk). */
  #room(most: number): Buffer {
    const chunk = this.#chunk;
    if (chunk !== undefined && chunk.length - this.#used >= most) return chunk;
    this.#seal();
    const spare = most <= this.#chunkBytes ? this.#spare.pop() : undefined;
    const made = spare === undefined ? Buffer.allocUnsafe(Math.max(most, this.#chunkBytes)) : Buffer.from(spare);
    // a chunk with memory of its own (not a slice of Buffer's shared pool) can be written into again
    if (spare === undefined && made.byteOffset === 0 && made.buffer.byteLength === this.#chunkBytes) this.#ours.add(made.buffer);
    this.#chunk = made;
    return made;
  }

  /** The chunk in use joins the full ones (the memory past what it holds is not used again). */
  #seal(): void {
    if (this.#chunk !== undefined && this.#used > 0) this.#push(this.#chunk.subarray(0, this.#used));
    this.#chunk = undefined;
    this.#used = 0;
  }

  #push(bytes: Buffer): void {
    this.#full.push(bytes);
    this.#fullBytes += bytes.length;
  }
}

/** Lines in text or UTF-8 bytes (a newline byte is never part of another character). */
export const countLines = (text: string | Buffer): number => {
  let n = 0;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
};
