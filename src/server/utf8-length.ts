/**
 * The bytes a string takes in UTF-8, as Buffer.byteLength counts them (a
 * lone surrogate as the 3 bytes of U+FFFD). A short string is counted in
 * JavaScript: Buffer.byteLength goes through V8's API, which first makes
 * the string flat and then walks it, costing a short body (most answers'
 * are a few dozen characters) more than the count.
 */
import { Buffer } from 'node:buffer';

const COUNTED_HERE = 256;

export const utf8Length = (text: string): number => {
  if (text.length > COUNTED_HERE) return Buffer.byteLength(text);
  let bytes = text.length;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (c < 0x80) continue;
    if (c < 0x800) {
      bytes += 1;
    } else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      // a surrogate pair: 4 bytes for its two units
      bytes += 2;
      i += 1;
    } else {
      bytes += 2;
    }
  }
  return bytes;
};
