/**
 * The journal's framing: one record per line, `<crc32 of the JSON, 8 hex> <JSON>\n`.
 * JSON text never holds a raw newline, so a line is a record; the checksum
 * tells a torn or garbled line from a whole one. A NUL where a line should
 * start is the end (segments are preallocated with zeros).
 */
import { Buffer } from 'node:buffer';
import { crc32 } from 'node:zlib';

/** The character codes of each byte value's two hex digits. */
const HEX_CODES = Uint8Array.from(Array.from({ length: 256 }, (_, b) => b.toString(16).padStart(2, '0')).join(''), (c) => c.charCodeAt(0));

/** CRC-32 (IEEE, zlib's) of each byte value, for the records copied and summed in one loop. */
const CRC_TABLE = Int32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/**
 * Records up to this many characters (an edit of a few leaves) are copied
 * and summed by one loop when they are ASCII: Buffer.write and zlib's crc32
 * are each a call into C++ that costs more than the whole loop for them.
 */
const SHORT = 512;

/** The most bytes `frameInto` writes for `json`. */
export const framedBytesAtMost = (json: string): number => json.length * 3 + 10;

/** Copies the ASCII `json` to `buf` at `at` and answers its CRC-32, or -1 at the first other character (some of it copied then). */
const copyAsciiSummed = (buf: Buffer, at: number, json: string): number => {
  let crc = -1;
  for (let i = 0; i < json.length; i++) {
    const c = json.charCodeAt(i);
    if (c > 0x7f) return -1;
    buf[at + i] = c;
    crc = (CRC_TABLE[(crc ^ c) & 255] as number) ^ (crc >>> 8);
  }
  return (crc ^ -1) >>> 0;
};

/**
 * Writes the line of `json` into `buf` at `at` (which has room for
 * framedBytesAtMost): the JSON encoded once, in place, and its checksum
 * taken of those bytes. Answers the bytes written.
 */
export const frameInto = (buf: Buffer, at: number, json: string): number => {
  let c = json.length <= SHORT ? copyAsciiSummed(buf, at + 9, json) : -1;
  let n = json.length;
  if (c < 0) {
    n = buf.write(json, at + 9);
    c = crc32(buf.subarray(at + 9, at + 9 + n));
  }
  for (let i = 0; i < 4; i++) {
    const b = (c >>> (24 - 8 * i)) & 255;
    buf[at + 2 * i] = HEX_CODES[2 * b] as number;
    buf[at + 2 * i + 1] = HEX_CODES[2 * b + 1] as number;
  }
  buf[at + 8] = 32;
  buf[at + 9 + n] = 10;
  return n + 10;
};

/** The line of `json` as text (the journal's header; records are framed in place by frameInto). */
export const frameRecord = (json: string): string => {
  const buf = Buffer.allocUnsafe(framedBytesAtMost(json));
  return buf.toString('utf8', 0, frameInto(buf, 0, json));
};

export interface JournalText {
  /** The records, parsed, in order, up to the first bad line. */
  readonly records: unknown[];
  /** Why reading stopped early (partial last record, bad checksum...), or undefined at a clean end. */
  readonly torn: string | undefined;
  /** Bytes from the first bad line to the last non-zero byte (dropped). */
  readonly droppedBytes: number;
}

const lastNonZero = (buf: Buffer, from: number): number => {
  let i = buf.length;
  while (i > from && buf[i - 1] === 0) i--;
  return i;
};

export const readJournalText = (buf: Buffer): JournalText => {
  const records: unknown[] = [];
  let pos = 0;
  const stop = (why: string): JournalText => ({ records, torn: `${why} at byte ${pos}`, droppedBytes: lastNonZero(buf, pos) - pos });
  while (pos < buf.length && buf[pos] !== 0) {
    const nl = buf.indexOf(10, pos);
    if (nl < 0) return stop('a partial record (no end of line)');
    const hex = buf.toString('latin1', pos, pos + 8);
    if (nl - pos < 10 || buf[pos + 8] !== 32 || !/^[0-9a-f]{8}$/.test(hex)) return stop('a malformed line');
    const body = buf.subarray(pos + 9, nl);
    if (crc32(body) !== Number.parseInt(hex, 16)) return stop('a record with a bad checksum');
    try {
      records.push(JSON.parse(body.toString('utf8')));
    } catch {
      return stop('a record that is not JSON');
    }
    pos = nl + 1;
  }
  return { records, torn: undefined, droppedBytes: 0 };
};
