/**
 * An info line of the JSON logger whose members write their own bytes (the
 * access log's, access-line-bytes.ts): the head with level and time, the
 * members, the end with the message, each head and end made as bytes once
 * and copied into every line that shares it.
 */
import type { LineBytes } from './line-bytes.ts';

const NONE = new Uint8Array(0);

export class InfoLine implements LineBytes {
  readonly #level: number;
  /** `{"level":30,"time":1733150000000,` for the time it was made for. */
  #head: Uint8Array = NONE;
  #headTime = -1;
  /** `,"msg":"request"}` and the newline, for the message it was made for. */
  #end: Uint8Array = NONE;
  #endMessage: string | undefined;
  #members: LineBytes | undefined;

  constructor(level: number) {
    this.#level = level;
  }

  /** This line for `members` at `time` (ms since the epoch) with `message`; written before the next `of`. */
  of(time: number, members: LineBytes, message: string): this {
    if (time !== this.#headTime) {
      this.#headTime = time;
      this.#head = Buffer.from(`{"level":${this.#level},"time":${time},`);
    }
    if (message !== this.#endMessage) {
      this.#endMessage = message;
      this.#end = Buffer.from(`,"msg":${JSON.stringify(message)}}\n`);
    }
    this.#members = members;
    return this;
  }

  get most(): number {
    return this.#head.length + (this.#members?.most ?? 0) + this.#end.length;
  }

  writeInto(into: Uint8Array, at: number): number {
    into.set(this.#head, at);
    const end = this.#members?.writeInto(into, at + this.#head.length) ?? at + this.#head.length;
    into.set(this.#end, end);
    return end + this.#end.length;
  }
}
