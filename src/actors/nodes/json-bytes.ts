/**
 * JSON text put straight into a JsonBuffer's bytes (the fast path of
 * write-data.ts): names copied from bytes made once per schema node, four
 * at a time; a short string quoted in the same loop that checks it needs no
 * escaping, a long one checked by a regular expression and copied by the
 * engine; an int32 digit by digit. No string is made or concatenated on the
 * way, so there is no rope to flatten before the bytes are written (that
 * flattening and the concatenations were about a third of a module-root
 * GET's CPU). What is not plain ASCII goes through the engine's JSON
 * escaping and UTF-8 encoding, so the bytes are those of the text the
 * string encoders make (json-value-text.ts).
 */
import { Buffer } from 'node:buffer';
import { stringText } from './json-value-text.ts';
import type { JsonBuffer } from './json-writer.ts';

/** Puts `s`, known to be ASCII (names, punctuation, numbers, literals). */
export const putAscii = (buf: JsonBuffer, s: string): void => {
  const n = s.length;
  const b = buf.room(n);
  let p = buf.at;
  for (let i = 0; i < n; i++) b[p++] = s.charCodeAt(i);
  buf.at = p;
};

/**
 * Text put often (a member's name) as UTF-8 bytes, four at a time
 * (little-endian), the last word padded: copied in faster than the text
 * is. What the padding puts past the text is written over by what follows.
 */
export interface TextBytes {
  readonly length: number;
  readonly words: Int32Array;
}

export const textBytes = (s: string): TextBytes => {
  const bytes = Buffer.from(s, 'utf8');
  const words = new Int32Array((bytes.length + 3) >> 2);
  new Uint8Array(words.buffer).set(bytes);
  // the words' bytes in little-endian order, whatever the platform's
  const view = new DataView(words.buffer);
  for (let i = 0; i < words.length; i++) words[i] = view.getInt32(4 * i, true);
  return { length: bytes.length, words };
};

/** Puts text made by textBytes. */
export const putBytes = (buf: JsonBuffer, t: TextBytes): void => {
  const words = t.words;
  buf.room(words.length << 2);
  const view = buf.view;
  const p = buf.at;
  for (let i = 0; i < words.length; i++) view.setInt32(p + (i << 2), words[i] as number, true);
  buf.at = p + t.length;
};

/** Puts any text, as UTF-8 (ASCII copied as it is checked). */
export const putText = (buf: JsonBuffer, s: string): void => {
  const n = s.length;
  const b = buf.room(n);
  let p = buf.at;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c > 0x7f) {
      const wide = buf.room(n * 3);
      buf.at += wide.write(s, buf.at, 'utf8');
      return;
    }
    b[p++] = c;
  }
  buf.at = p;
};

/** Any character JSON escapes or UTF-8 writes in more than one byte. */
const NOT_PLAIN = /[^\x20\x21\x23-\x5b\x5d-\x7e]/;

/** Buffer's own latin1 write (what write(s, at, n, 'latin1') calls, without its argument checks). */
type Latin1Writable = Buffer & { latin1Write(s: string, at: number, n: number): number };

/**
 * Up to this length a string is checked and copied in one loop (a few
 * instructions a character, no call out of the engine's code); a longer
 * one is checked by a regular expression, then copied by the engine (whose
 * calls cost about as much as such a loop over a few hundred characters).
 */
const SHORT = 256;

/** `s` as a JSON string: quoted as it is when it is printable ASCII without `"` or `\`. */
export const putString = (buf: JsonBuffer, s: string): void => {
  const n = s.length;
  const b = buf.room(n + 2);
  let p = buf.at;
  if (n > SHORT) {
    if (NOT_PLAIN.test(s)) {
      putText(buf, stringText(s));
      return;
    }
    b[p++] = 34;
    p += (b as Latin1Writable).latin1Write(s, p, n);
    b[p++] = 34;
    buf.at = p;
    return;
  }
  // each character's place computed from the start, not carried from the last one: no chain of increments to wait on
  const q = p + 1;
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x20 || c === 34 || c === 92 || c > 0x7e) {
      putText(buf, stringText(s));
      return;
    }
    b[q + i] = c;
  }
  b[p] = 34;
  b[q + n] = 34;
  buf.at = q + n + 1;
};

/** A number as String(n) writes it: a non-negative int32 digit by digit, any other through String. */
export const putNumber = (buf: JsonBuffer, n: number): void => {
  if ((n | 0) !== n || n < 0) {
    putAscii(buf, String(n));
    return;
  }
  let digits = 1;
  for (let m = n; m >= 10; m = (m / 10) | 0) digits++;
  const b = buf.room(digits);
  let p = buf.at + digits;
  buf.at = p;
  let m = n;
  do {
    const q = (m / 10) | 0;
    b[--p] = 48 + m - 10 * q;
    m = q;
  } while (m > 0);
};
