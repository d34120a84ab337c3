/**
 * A text chunk as UTF-8 bytes, encoded once for consecutive writes of the
 * same text: an event burst fanned out to many streams is one string written
 * to every socket in turn, and a transport that takes bytes (uWS copies a
 * string into UTF-8 on every write) then encodes it once, not once per
 * socket. Holds on to the last text and its bytes only.
 */
import { Buffer } from 'node:buffer';
let lastText = '';
let lastBytes: Uint8Array = new Uint8Array(0);

export const utf8Once = (text: string): Uint8Array => {
  if (text !== lastText) {
    lastBytes = Buffer.from(text, 'utf8');
    lastText = text;
  }
  return lastBytes;
};
