/**
 * Percent-decoding (RFC 3986 §2.1) of part of a URL, as UTF-8, reporting the
 * offset of the first bad escape instead of throwing.
 */
import type { ParseResult } from './ast.ts';

const isHex = (c: number): boolean => (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);

/** Decodes `text.slice(from, to)`; offsets in errors are offsets in `text`. */
export const percentDecode = (text: string, from: number, to: number): ParseResult<string> => {
  const part = text.slice(from, to);
  const first = part.indexOf('%');
  if (first < 0) return { ok: true, value: part };
  try {
    return { ok: true, value: decodeURIComponent(part) };
  } catch {
    return { ok: false, ...badEscape(part, first, from) };
  }
};

/** Finds why decodeURIComponent failed: a malformed escape, or escapes that are not UTF-8. */
const badEscape = (part: string, first: number, base: number): { message: string; offset: number } => {
  let i = first;
  while (i < part.length) {
    if (part.charCodeAt(i) !== 37) {
      i++;
      continue;
    }
    const runStart = i;
    while (i < part.length && part.charCodeAt(i) === 37) {
      if (!isHex(part.charCodeAt(i + 1)) || !isHex(part.charCodeAt(i + 2))) {
        return { message: `expected two hex digits after '%' at offset ${base + i}`, offset: base + i };
      }
      i += 3;
    }
    try {
      decodeURIComponent(part.slice(runStart, i));
    } catch {
      return { message: `percent-encoded bytes are not UTF-8 at offset ${base + runStart}`, offset: base + runStart };
    }
  }
  return { message: `bad percent-encoding at offset ${base + first}`, offset: base + first };
};
