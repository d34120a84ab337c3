/**
 * An info line of the JSON logger whose members write their own bytes (the
 * access log's, access-line-bytes.ts): the head with level and time and the
 * end with the message are made as bytes once per time and per message,
 * and handed to the members, which join them with their own repeated bytes.
 */
import { Buffer } from 'node:buffer';
import { bytesInto, type FramedMembers, type LineBytes } from './line-bytes.ts';

const NONE = new Uint8Array(0);
const NO_MEMBERS: FramedMembers = { most: 0, writeFramed: (into, at, head, end) => bytesInto(end, into, bytesInto(head, into, at)) };

export class InfoLine implements LineBytes {
  readonly #level: number;
  /** `{"level":30,"time":1733150000000` for the time it was made for. */
  #head: Uint8Array = NONE;
  #headTime = -1;
  /** `,"msg":"request"}` and the newline, for the message it was made for. */
  #end: Uint8Array = NONE;
  #endMessage: string | undefined;
  #members: FramedMembers = NO_MEMBERS;
  most = 0;

  constructor(level: number) {
    this.#level = level;
  }

  /** This line for `members` at `time` (ms since the epoch) with `message`; written before the next `of`. */
  of(time: number, members: FramedMembers, message: string): this {
    if (time !== this.#headTime) {
      this.#headTime = time;
      this.#head = Buffer.from(`{"level":${this.#level},"time":${time}`);
    }
    if (message !== this.#endMessage) {
      this.#endMessage = message;
      this.#end = Buffer.from(`,"msg":${JSON.stringify(message)}}\n`);
    }
    this.#members = members;
    this.most = this.#head.length + members.most + this.#end.length;
    return this;
  }

  writeInto(into: Uint8Array, at: number): number {
    return this.#members.writeFramed(into, at, this.#head, this.#end);
  }
}
